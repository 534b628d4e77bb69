#pragma once
// The endgame table of one material in a losing variant (docs/rules.md section 5): antichess,
// whose turns are single moves, and Losing Marseillais, whose turns are two. For every position
// of those men, whether the side to move wins, loses or draws with best play, and in how many
// plies. Made by retrograde analysis from the tables one capture or promotion away (which must
// be made first), so a table of n men rests on tables of fewer men or fewer pawns, never on
// itself.
//
// A table's states are (placement, layer): the layer is the number of moves its side to move
// has made in the turn under way (always 0 with turns of one move; 0 or 1 with turns of two).
// A move from a layer below the last goes to the next layer with the same side to move; a move
// from the last layer goes to layer 0 of the opponent. The index is the placement's
// (material.h) with the layer above it: layer * Material::index_count() + placement index.
//
// Values are one byte an index (ValueCode below), held whole or packed in blocks
// (packed_values.h): 0 a draw (or no position), else byte - 1 holds the plies d of best play
// to the end of the game (the winner hurrying, the loser delaying) and whether the side to
// move loses. Games longer than the byte holds are not tabled: such a table is not made.
//
// The game's end is read from the rules engine (rules/outcome.h, rules/movegen.h): a position
// whose side to move has no move is set up as a Position and scored by outcome() (a stalemate
// at the start of a turn, or for want of a second move under no-second-move=stalemate), or
// plays the pass that generate_legal() gives under no-second-move=pass. A side with no man at
// the start of its turn has won (L3); with turns of two, a first move that takes the
// opponent's last man is followed by the mover's second move (or its end), after which the
// opponent starts its turn with no man and wins.
//
// Implementation notes:
// - Positions with e.p. rights are not indexed. With turns of one move and compulsory capture,
//   their side to move must capture, so their value comes from smaller tables; the double step
//   that leads to one is valued as it is generated, like a capture. With turns of two, a
//   right can outlive the move that made it (the same turn's second move, M7), so tables are
//   made only for materials where one side at most has pawns (covers()): there no e.p.
//   capture can arise, and the ep option changes nothing.
// - First pass (parallel): each position's moves are generated. Captures and promotions leave
//   the table, and are valued from the smaller tables; a position whose moves all leave is
//   decided at once, and one without a move by the rules. The others keep a count of their
//   moves that stay in the table (a pass counts), and a tentative win where a leaving move
//   wins.
// - Then by rising byte (rising plies): each position decided is un-moved (the pieces of the
//   side that moved step back to empty squares, pawns backwards, no capture undone; a layer-0
//   position is also reached by the opponent's pass where that position had no second move),
//   keeping only the predecessors where that quiet move was legal (no capture available: it is
//   compulsory). Where the value is a win for the predecessor's mover (a loss for the opponent,
//   or a win for the same side within its turn), the predecessor is won after one ply more
//   (unless it wins sooner); otherwise one is taken from the predecessor's count, and a
//   predecessor whose count reaches 0 is valued from all its moves: lost after 1 + the longest
//   if every move is bad for it. Positions never decided are draws.

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "rules/variant.h"
#include "solver/tablebase/material.h"
#include "solver/tablebase/packed_values.h"

namespace dm::tablebase {

// A position's value for its side to move.
struct TableValue {
  enum class Kind : uint8_t { Draw, Win, Loss };
  Kind kind = Kind::Draw;
  int plies = 0;  // a win or loss: the plies to the end of the game with best play
  int turns = 0;  // a win or loss: the winner's turns in which it moves before the game ends

  // The turns of the winner within which it wins: each turn in which it makes a move counts
  // (the one under way included), as the search's turns left count them (node_rules.h).
  int winner_turns() const { return turns; }
};

// The value byte. 0: a draw (or no position). Else byte - 1 = plies << shift | loss, where
// `loss` says the side to move loses and shift = moves per turn - 1. With turns of one move
// (shift 0) the loss bit is the plies' own parity: the side to move wins when the game ends
// after an even number of plies, and a stalemate that loses it (stalemate=fewer-pieces) counts
// as a loss after one ply (it needs no turn of the winner either way). 255 is kept for the
// builder's "not decided yet"; so turns of one move hold games of 253 plies, of two 126.
struct ValueCode {
  int moves_per_turn = 1;  // 1 or 2

  static constexpr uint8_t kDraw = 0;
  static constexpr uint8_t kLongest = 254;  // the largest byte of a value
  int shift() const { return moves_per_turn - 1; }
  static bool is_win(uint8_t b) { return b != kDraw && b <= kLongest && (b & 1) != 0; }
  static bool is_loss(uint8_t b) { return b != kDraw && b <= kLongest && (b & 1) == 0; }
  int plies(uint8_t b) const { return (b - 1) >> shift(); }
  // The byte of a win or loss after `plies`; more than kLongest when it does not fit. With
  // turns of one move, a win needs even plies and a loss odd ones (a loss now is loss(1)).
  int win(int plies) const { return 1 + (plies << shift()); }
  int loss(int plies) const { return 1 + (plies << shift()) + shift(); }
  // What a move to a position of value `child` gives the mover: the child's value one ply
  // later, seen from the mover (who is the child's side to move when the turn goes on).
  int before(uint8_t child, bool same_mover) const {
    const bool child_wins = is_win(child);
    return child_wins == same_mover ? win(plies(child) + 1) : loss(plies(child) + 1);
  }
  // The value of a byte for a position at `layer` of its turn.
  TableValue value(uint8_t b, int layer) const;
};

class LosingTable {
 public:
  // The table of a material one capture or promotion away, or nullptr when it is missing.
  using Subtables = std::function<const LosingTable*(const Material&)>;
  // Whether to give up making a table (the search that wants it has stopped); empty: never.
  using Stop = std::function<bool()>;

  // Whether tables can be made for the variant: compulsory capture, kings that are ordinary
  // men, turns of one move or of two (no rule on a turn's later moves), an 8x8 board.
  static bool applies_to(const Variant& variant);
  // Whether the variant's tables cover material m: every material with turns of one move; with
  // turns of two, those where one side at most has pawns (see the notes above).
  static bool covers(const Variant& variant, const Material& m);
  // Every material one capture or promotion away from m (both sides moving) in which each side
  // still has a man: the tables build() asks for.
  static std::vector<Material> successors(const Variant& variant, const Material& m);
  // The table of material m (each side has a man, covers() holds); nullptr when a table it
  // needs is missing, a game is too long for the byte, or `stop` said to give up (looked at
  // between passes).
  static std::unique_ptr<LosingTable> build(const Variant& variant, const Material& m, const Subtables& subtables,
                                            const Stop& stop = {});

  // The number of values of the variant's table of material m: one a layer and placement.
  static uint64_t index_count(const Variant& variant, const Material& m) {
    return uint64_t(variant.moves_per_turn) * m.index_count();
  }
  // A table made earlier (table_file.h): values must have index_count(variant, m) bytes.
  static std::unique_ptr<LosingTable> from_values(const Variant& variant, const Material& m,
                                                  std::vector<uint8_t> values);
  // The same, its values kept packed: each read unpacks a block (slower, in a fraction of the
  // memory).
  static std::unique_ptr<LosingTable> from_packed(const Variant& variant, const Material& m, PackedValues values);

  const Material& material() const { return material_; }
  const ValueCode& code() const { return code_; }
  bool packed() const { return packed_.has_value(); }
  // The values of a table held whole (empty where it is packed).
  const std::vector<uint8_t>& values() const { return values_; }
  // The index of placement p at `layer` of its side's turn.
  uint64_t index_of(const Placement& p, int layer) const {
    return uint64_t(layer) * material_.index_count() + p.index();
  }
  int layer_of(uint64_t index) const { return int(index / material_.index_count()); }
  uint8_t byte(uint64_t index) const { return packed_ ? packed_->byte(index) : values_[index]; }
  TableValue value(uint64_t index) const { return code_.value(byte(index), layer_of(index)); }
  // The memory the values take.
  size_t size_bytes() const { return packed_ ? packed_->size_bytes() : values_.size(); }

 private:
  LosingTable(const Material& m, ValueCode code, std::vector<uint8_t> values)
      : material_(m), code_(code), values_(std::move(values)) {}
  LosingTable(const Material& m, ValueCode code, PackedValues values)
      : material_(m), code_(code), packed_(std::move(values)) {}

  Material material_;
  ValueCode code_;
  std::vector<uint8_t> values_;         // held whole, or
  std::optional<PackedValues> packed_;  // packed
};

}  // namespace dm::tablebase
