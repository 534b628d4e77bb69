#pragma once
// A lower bound that prunes help mates: the fewest moves with which any of the attacker's
// pieces can stand where it gives check to the defender's king, wherever that king may walk
// in the moves it has left. If even that is more than the attacker's moves left, no mate can
// end the line and the node is not searched.
//
// The distances are measured on an empty board, so they never exceed the true ones: other
// pieces only block a path or a line, and captures move a piece no further. A pawn counts
// every forward rank as a move but one (its double step), may change file by capturing, and
// may promote to any piece of the variant on its way. A king gives no check; a checker that
// stands still (a discovered check) is a piece at distance 0, and so never pruned.
//
// It holds where a mate needs a check by the attacker's last move: help mate with a royal king
// in a variant of one move per turn (orthodox, Mainzer). While either side may still castle,
// the bound is not used: castling moves a king more than one square (four in Janus chess) and
// its partner where the partner's own moves do not lead (a Janus along the rank in Mainzer).

#include <array>
#include <cstdint>
#include <vector>

#include "rules/position.h"
#include "solver/search/stipulation.h"

namespace dm::search {

class CheckDistance {
 public:
  static constexpr uint8_t kUnreachable = UINT8_MAX;

  explicit CheckDistance(const Variant& variant);

  // Whether the bound holds for help play with this goal in this variant (see above).
  static bool applies(const Variant& variant, Goal goal);

  // The fewest moves a piece of kind t (not the king) of colour c on `from` needs to attack
  // `target`, on an empty board: 0 when it attacks it already; kUnreachable when it never can.
  uint8_t moves_to_check(PieceType t, Color c, Square from, Square target) const;

  // Whether some piece of `attacker` may give check, within `attacker_moves` moves, to the
  // defender's king after it has made up to `king_moves` moves; always true while a castling
  // right is left.
  bool may_check_in_time(const Position& pos, Color attacker, int attacker_moves, int king_moves) const;

 private:
  using Table = std::vector<std::array<uint8_t, kSquareSpace>>;  // [from][target]

  const Geometry& geometry_;
  // moves_to_check for each piece kind ([from][target]; empty for the king); pawns have one
  // table per colour.
  std::array<Table, kPieceTypeCount> pieces_;
  std::array<Table, 2> pawns_;
};

}  // namespace dm::search
