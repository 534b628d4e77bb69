#pragma once
// A deliberately simple, separate enumerator of moves and turns, used only to check the rules
// engine's perft (rules/perft.h) in tests/rules/turns_perft_test.cpp.
//
// It shares nothing with rules/movegen.cpp: the board is a plain array indexed by (file, rank),
// pseudo-moves are built piece by piece with square arithmetic (orthodox pieces only: every
// multi-move variant of docs/rules.md sections 2-5 uses them), attacks are found by scanning rays
// square by square, and the turn rules are applied here from docs/rules.md: M3 by trying each move
// on a copy and testing the king, M4 (a checking move ends the turn), M6 (stalemate or pass),
// M7 (e.p. rights per turn for ep=any/second/none), M8/D3 castling, D2 king capture, L1
// compulsory capture for each move, L2 king promotion, and Bennekom's same-piece rule.
// From the engine it reads only the variant's description (rule fields and options), the
// board through Position::piece_on, and the state of a root position (side, moves left,
// castling rights, e.p. squares, last_to). It is slow on purpose: clarity over speed.

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "rules/position.h"

namespace dm::testing {

struct SimpleSquare {
  int file = -1;
  int rank = -1;
  bool valid() const { return file >= 0; }
  bool operator==(const SimpleSquare&) const = default;
};

struct SimpleMove {
  SimpleSquare from;
  SimpleSquare to;
  PieceType promotion = PieceType::None;
  bool en_passant = false;
  bool castling = false;
  bool pass = false;
  bool capture = false;

  // UCI as the engine writes it: castling from the king's square to its destination, "0000" for a pass.
  std::string uci() const;
};

class SimpleBoard {
 public:
  // The board of pos square by square, and its state (side, moves left, castling rights with the
  // outermost rooks, e.p. squares and pending squares, the Bennekom piece).
  static SimpleBoard from_position(const Position& pos);

  Color side_to_move() const { return side_; }
  int moves_left() const { return moves_left_; }
  bool game_over() const { return king_captured_; }

  // Every legal move of the side to move under the variant's rules (a pass where M6 says so).
  std::vector<SimpleMove> legal_moves() const;
  // The board after a legal move, with the turn bookkeeping done.
  SimpleBoard after(const SimpleMove& m) const;
  // Plays the legal move written in UCI; false when there is none.
  bool play_uci(std::string_view uci);

  // Sequences of `depth` moves, and of `turns` whole turns (a turn ended early by check or a king
  // capture counts as a turn; a turn that cannot be completed counts nothing).
  uint64_t count_moves(int depth) const;
  uint64_t count_turns(int turns) const;
  // The count below each legal move (depth and turns as above, the first move included).
  std::vector<std::pair<std::string, uint64_t>> divide(int depth, bool by_turns) const;

  // A short text of the board and state, for failure messages.
  std::string describe() const;

 private:
  Piece at(SimpleSquare s) const { return board_[cell(s)]; }
  Piece& at(SimpleSquare s) { return board_[cell(s)]; }
  int cell(SimpleSquare s) const { return s.rank * files_ + s.file; }
  bool on_board(int file, int rank) const { return file >= 0 && file < files_ && rank >= 0 && rank < ranks_; }
  SimpleSquare find_king(Color c) const;
  bool attacked_by(SimpleSquare s, Color by) const;
  void add_pseudo_moves(std::vector<SimpleMove>& moves) const;
  void add_castling(std::vector<SimpleMove>& moves) const;
  bool leaves_king_safe(const SimpleMove& m) const;
  // Moves the pieces only; returns the captured piece and sets *passed for a pawn's two-step.
  Piece apply_on_board(const SimpleMove& m, SimpleSquare* passed);

  KingRule king_rule_ = KingRule::Royal;
  bool compulsory_capture_ = false;
  bool same_piece_ = false;
  bool castling_allowed_ = true;
  int moves_per_turn_ = 1;
  EnPassantRule ep_rule_ = EnPassantRule::Any;
  NoSecondMoveRule no_second_move_ = NoSecondMoveRule::Stalemate;
  std::vector<PieceType> promotions_;

  int files_ = 8;
  int ranks_ = 8;
  std::array<Piece, kMaxFiles * kMaxRanks> board_{};
  Color side_ = Color::White;
  int moves_left_ = 1;
  // Castling: for each right (2 * colour + queen side) whether it is held, and the squares of
  // its king and rook.
  std::array<bool, 4> castle_right_{};
  std::array<SimpleSquare, 4> castle_king_{};
  std::array<SimpleSquare, 4> castle_rook_{};
  std::vector<SimpleSquare> ep_now_;      // squares the side to move may capture e.p. on now
  std::vector<SimpleSquare> ep_pending_;  // squares the side to move's pawns passed this turn
  SimpleSquare last_to_;                  // where the turn's first move went (Bennekom)
  bool king_captured_ = false;
};

}  // namespace dm::testing
