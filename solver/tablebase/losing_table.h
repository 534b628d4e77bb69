#pragma once
// The endgame table of one material in a losing variant whose turns are single moves
// (antichess, docs/rules.md section 5): for every position of those men, whether the side to move
// wins, loses or draws with best play, and in how many plies. Made by retrograde analysis from
// the tables one capture or promotion away (which must be made first), so a table of n men
// rests on tables of fewer men or fewer pawns, never on itself.
//
// Values are one byte an index (material.h): 0 a draw (or no position), else d + 1 where the
// game ends after d plies of best play, the winner hurrying and the loser delaying; the side to
// move wins when d is even and loses when d is odd. A stalemate that loses (stalemate=
// fewer-pieces) counts as a loss after one ply, so the parity holds; a position lost that way
// needs, like one lost after a ply, no turn of the winner. Games longer than 253 plies do not
// fit, and such a table is not made.
//
// Implementation notes:
// - Positions with e.p. rights are not indexed. With compulsory capture, their side to move
//   must capture, so their value comes from smaller tables; the double step that leads to one
//   is valued as it is generated, like a capture.
// - First pass (parallel): each position's moves are generated. Captures and promotions leave
//   the table, and are valued from the smaller tables; a position whose moves all leave is
//   decided at once, and a stalemate by the rule. The others keep a count of their moves that
//   stay in the table, and a tentative win where a leaving move wins.
// - Then by rising d: each position decided after d plies is un-moved (the pieces of the side
//   that moved step back to empty squares, pawns backwards, no capture undone), keeping only
//   the predecessors where that quiet move was legal (no capture available: it is compulsory).
//   A lost position makes each predecessor won after d + 1 (unless it wins sooner); a won one
//   takes one from each predecessor's count, and a predecessor whose count reaches 0 is valued
//   from all its moves: lost after 1 + the longest if every move lets the opponent win.
//   Positions never decided are draws.

#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "rules/variant.h"
#include "solver/tablebase/material.h"

namespace dm::tablebase {

// A position's value for its side to move.
struct TableValue {
  enum class Kind : uint8_t { Draw, Win, Loss };
  Kind kind = Kind::Draw;
  int plies = 0;  // a win or loss: the plies to the end of the game with best play

  static TableValue from_byte(uint8_t byte);
  // The turns of the winner within which it wins (each of its moves is a turn).
  int winner_turns() const { return plies / 2; }
};

class LosingTable {
 public:
  // The table of a material one capture or promotion away, or nullptr when it is missing.
  using Subtables = std::function<const LosingTable*(const Material&)>;
  // Whether to give up making a table (the search that wants it has stopped); empty: never.
  using Stop = std::function<bool()>;

  // Whether tables can be made for the variant: compulsory capture, kings that are ordinary
  // men, turns of one move, an 8x8 board.
  static bool applies_to(const Variant& variant);
  // Every material one capture or promotion away from m (both sides moving) in which each side
  // still has a man: the tables build() asks for.
  static std::vector<Material> successors(const Variant& variant, const Material& m);
  // The table of material m (each side has a man); nullptr when a table it needs is missing,
  // a game is too long for the byte, or `stop` said to give up (looked at between passes).
  static std::unique_ptr<LosingTable> build(const Variant& variant, const Material& m, const Subtables& subtables,
                                            const Stop& stop = {});

  // A table made earlier (table_file.h): values must have m.index_count() bytes.
  static std::unique_ptr<LosingTable> from_values(const Material& m, std::vector<uint8_t> values);

  const Material& material() const { return material_; }
  const std::vector<uint8_t>& values() const { return values_; }
  uint8_t byte(uint64_t index) const { return values_[index]; }
  TableValue value(uint64_t index) const { return TableValue::from_byte(values_[index]); }
  size_t size_bytes() const { return values_.size(); }

 private:
  LosingTable(const Material& m, std::vector<uint8_t> values) : material_(m), values_(std::move(values)) {}

  Material material_;
  std::vector<uint8_t> values_;
};

}  // namespace dm::tablebase
