#pragma once
// Legal move generation for every variant.
//
// One generator serves all variants: pieces other than the pawn move by their compiled tables
// (geometry.h), the pawn and castling have code of their own, and the variant's rules are read
// as data: a royal king filters out moves that leave it attacked (and restricts moves in check to
// evasions), compulsory capture keeps only captures when there is one, Bennekom keeps only the
// moves of the piece that made the turn's first move when it has one, and a side with no legal
// second move may pass where the rule option says so. The list is a fixed array on the stack.

#include <array>
#include <cstddef>

#include "rules/position.h"

namespace dm {

class MoveList {
 public:
  static constexpr size_t kCapacity = 512;

  void push_back(Move m) { moves_[size_++] = m; }
  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  void resize(size_t n) { size_ = n; }
  Move operator[](size_t i) const { return moves_[i]; }
  Move& operator[](size_t i) { return moves_[i]; }
  const Move* begin() const { return moves_.data(); }
  const Move* end() const { return moves_.data() + size_; }
  bool contains(Move m) const;

 private:
  std::array<Move, kCapacity> moves_;
  size_t size_ = 0;
};

// Every legal move of the side to move, turn rules included.
void generate_legal(const Position& pos, MoveList& list);

// The legal moves that may give check (Position::check_info, may_give_check): every checking
// move and few others. Cheaper than generate_legal, which must test each king move for safety.
void generate_checks(const Position& pos, MoveList& list);

// The number of legal moves; cheaper than generating them where the variant allows.
size_t count_legal(const Position& pos);

// Whether there is a legal move; stops at the first (cheaper than counting them in check).
bool has_legal_move(const Position& pos);

// The side to move's king was captured (or is absent) in a king-capture variant: no moves.
bool king_lost(const Position& pos);

}  // namespace dm
