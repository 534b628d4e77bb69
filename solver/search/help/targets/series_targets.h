#pragma once
// Popeye's targets (optimisations/intelligent/) for the series help mate (ser-h#): the series
// mover is the side to be mated, and the other side makes one move after the series. That side
// stands still through the series, so its last move and the piece that checks can be listed,
// and each fixes a final picture that the series mover's men must fill. A series turn is
// searched only while some target may still be reached within the series turns left. The
// argument is docs/help-bound.md, "Series targets" (invariants 54 to 61).
//
// A target is the square k where the king ends; the squares next to it that no piece of the
// other side's may guard after its move (counted on an empty board, so that no guard is
// missed), which the men must fill; and the squares they must leave empty: the check's line and
// the checker's square, the last move's path, the square it leaves and, for a quiet move, the
// one it lands on (for a capture, that square must hold a man); and where the check is the only
// one the move may give, the squares next to the checker or to its line along each kind's moves,
// where a piece of the series mover's would take it or step between. The fewest moves in which
// the men may stand so, each on a square of its own, is a least assignment (least_assignment.h),
// each man's moves counted on an empty board and a pawn's captures only onto the squares the
// other side's pieces hold; the king walks to k.
//
// Only mates: in a stalemate every man must also end without a move, which a target of squares
// does not see; ser-h= has targets of its own (stalemate_targets.h).

#include <array>
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "rules/position.h"
#include "solver/search/help/bound/ending_bound.h"
#include "solver/search/problem_terms.h"

namespace dm::search {

class SeriesTargets {
 public:
  // Whether the targets hold: ser-h# in a variant of orthodox men on an 8x8 board, one move a
  // turn, a royal king and captures free (docs/help-bound.md, invariant 54).
  static bool applies(const Variant& variant, Play play, Goal goal);

  // bound: for the men's distances on an empty board.
  explicit SeriesTargets(const EndingBound& bound) : bound_(bound) {}

  // Whether the side to move in pos, the series mover with series_left turns left (the coming
  // one included), may still stand as some target needs before the other side's last move.
  // True where the targets do not say: a castling right (a castling may be that move, or the
  // king's move of two squares one of the series), an e.p. capture that may be that move or the
  // series' first, no king, or more men than the assignment takes.
  bool may_reach(const Position& pos, int series_left);

  // A final picture (see the header's comment).
  struct Target {
    Square k = kNoSquare;
    Bitboard fill = 0;
    Bitboard empty = 0;
    // Where a knight, bishop, rook and queen of the series mover's may not end: next to the
    // checker, or to a square between it and k, along its moves (it would take the checker or
    // step between), where the check is the only one m may give and the man may not be pinned
    // (docs/help-bound.md, invariant 61).
    std::array<Bitboard, 4> parries{};
    bool operator==(const Target& o) const {
      return k == o.k && fill == o.fill && empty == o.empty && parries == o.parries;
    }
  };
  // The index of kind t in Target::parries; -1 for a pawn or a king.
  static int piece_index(PieceType t);
  // The targets of pos's other side as it stands (the series mover's men play no part).
  std::vector<Target> targets(const Position& pos) const;

 private:
  // The targets of each of the other side's positions met, by its pieces' fingerprint (their
  // squares kept to tell two apart), at most kMostKept at once.
  struct Kept {
    Bitboard pieces = 0;
    std::vector<Target> targets;
    // A pawn's fewest moves to each square from the squares met (its captures are onto these
    // pieces' squares).
    std::unordered_map<Square, std::array<uint8_t, kSquareSpace>> pawn_moves;
  };
  // The series mover's men (not the king): their squares and kinds, and each pawn's fewest moves
  // to stand on each square (a piece's are read from the bound's tables).
  struct Men;
  // Counts pos's series mover's men (on men_squares): their squares and kinds, and each pawn's
  // fewest moves to each square, pushing, taking only onto the other side's pieces and
  // promoting (kept with the other side's targets).
  void count_men(const Position& pos, Bitboard men_squares, Kept& kept, Men& men) const;
  // The fewest moves of the men to stand as `target` needs; LeastAssignment::kNever where they
  // cannot.
  int least_moves(const Geometry& g, const Men& men, const Target& target) const;

  const EndingBound& bound_;
  static constexpr size_t kMostKept = 256;
  std::unordered_map<uint64_t, Kept> kept_;
  size_t last_passed_ = 0;  // the target found last: tried first
};

}  // namespace dm::search
