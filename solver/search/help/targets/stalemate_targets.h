#pragma once
// Popeye's targets for the series help stalemate (ser-h=), after its optimisations/intelligent/
// stalemate/: the series mover is the side to be stalemated, and the other side stands still
// until its one move after the series. So the final pictures can be listed once, from the
// problem's position: that last move, the square where the king ends, and for each of the
// series mover's men a square and a kind to end on (or the last move's capture). In each, the
// king is not in check, no unit of the series mover's has a move, and the moves to stand so,
// each counted on an empty board, are within the series. A series turn is then searched only
// while some picture may still be reached in the turns left, each unit followed from the
// problem's position by its own moves. The argument is docs/help-bound.md, "Stalemate targets"
// (invariants 62 to 67).
//
// A picture is looser than the game, never tighter: the other side's guards are counted on an
// empty board, and a man that a rider of that side's might pin needs nothing around it.

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "rules/position.h"
#include "solver/search/help/bound/ending_bound.h"
#include "solver/search/help/targets/pawn_moves.h"
#include "solver/search/problem_terms.h"

namespace dm::search {

class StalemateTargets {
 public:
  // Whether the targets hold: ser-h= where the series targets hold (last_moves.h).
  static bool applies(const Variant& variant, Play play, Goal goal);

  // The most units of the series mover's (its king included) that the pictures are listed for,
  // and the most pictures and listing steps: past them the list says nothing.
  static constexpr int kMostUnits = 16;
  static constexpr size_t kMostTargets = size_t(1) << 16;
  static constexpr uint64_t kMostSteps = uint64_t(1) << 23;

  // Lists the pictures of root, the series mover to move, within `series` turns. tables: the
  // pieces' distances on an empty board (the solve's, which outlive the list).
  StalemateTargets(const EndingBound::Shared& tables, const Position& root, int series);

  // Whether the list says anything: not where the problem's position has a castling right or an
  // e.p. capture in view, more units than kMostUnits, or where the listing was given up.
  bool holds() const { return holds_; }
  size_t size() const { return count_; }
  // The square and the kind of unit u in picture x (PieceType::None: taken by the last move).
  Square square(size_t x, int u) const { return squares_[x * size_t(units_) + size_t(u)]; }
  PieceType kind(size_t x, int u) const { return kinds_[x * size_t(units_) + size_t(u)]; }

  // The series mover's units followed through a series, and the pictures they may still reach
  // (one for each search).
  // A last move's scene, and the listing's state (stalemate_targets.cpp).
  struct Scene;
  struct Listing;

  class Walk {
   public:
    explicit Walk(const StalemateTargets& targets);
    // The units placed from the problem's position by the series turns of `prefix`.
    void start(const Line& prefix);
    // The series mover's move m, made and taken back (m's from square holds a unit).
    void moved(Move m);
    void unmoved();
    // At the start of a series turn with series_left turns to play, the coming one included:
    // whether some picture may still be reached. Where one may, the pictures are kept for the
    // turns below until leave().
    bool enter(int series_left);
    void leave() { --depth_; }

   private:
    struct Step {
      int unit;
      Square from;
      PieceType kind;
    };
    struct Live {
      uint32_t target;
      uint32_t need;
    };
    struct Frame {
      size_t steps = 0;  // the moves followed when the frame was made
      std::vector<Live> live;
    };
    uint32_t need(size_t x) const;
    void follow(Move m);

    const StalemateTargets& targets_;
    std::array<Square, kMostUnits> at_{};
    std::array<PieceType, kMostUnits> kind_{};
    std::vector<Step> steps_;
    std::vector<Frame> frames_;
    size_t depth_ = 0;
  };

 private:
  // The fewest moves of a unit on `from` standing as `now` to stand on `to` as `then`; with
  // `then` PieceType::None, to stand there as any kind (to be taken). kFar where it never may.
  uint8_t moves(PieceType now, Square from, PieceType then, Square to) const;
  // Lists the pictures (invariant 66), the king placed for each last move of the other side's.
  void list(const Position& root, int series);
  // Places the units left, the king on its square (`men` the squares placed, `held` those that
  // must hold a unit, `capture_open` where the last move's capture has no unit yet).
  void place(const Scene& scene, Listing& listing, Bitboard men, Bitboard held, int moves_so_far, bool capture_open);
  // Keeps the picture the listing has placed, once.
  void record(Listing& listing);

  const EndingBound::Shared& tables_;
  Color mover_ = Color::Black;
  int units_ = 0;
  std::array<Square, kMostUnits> root_squares_{};
  std::array<PieceType, kMostUnits> root_kinds_{};
  std::vector<PieceType> promotions_;
  // The pawns' moves on an empty board: pushes, captures onto the other side's pieces' squares,
  // and on through each promotion.
  std::optional<targets::PawnCounts> pawns_;
  bool holds_ = false;
  size_t count_ = 0;
  std::vector<Square> squares_;
  std::vector<PieceType> kinds_;
};

}  // namespace dm::search
