#pragma once
// Variants as data: board, pieces, turn structure and outcome values, plus the rule options
// of docs/rules.md that a user may change with --rule KEY=VALUE.
//
// Everything the move generator and the outcome rules need to know about a variant is a field
// here; the few places where a variant needs behaviour of its own are named after the rule
// (king_rule, castling, compulsory_capture, later_moves, check_in_turn) rather than after the
// variant. A Variant is a small value: copy one from find_variant() and set its options.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rules/expected.h"
#include "rules/geometry.h"
#include "rules/piece_type_list.h"
#include "rules/types.h"

namespace dm {

// What the king is.
enum class KingRule : uint8_t {
  Royal,       // check and mate; no move may leave the mover's king attacked
  Capturable,  // no check; capturing the king ends the game (Double Move chess)
  Ordinary,    // a plain piece (losing chess)
};

// Where castling takes the king, as data: the king lands king_side_inset files in from the
// right edge or queen_side_inset files in from the left edge, and the rook lands beside it on
// the inner side. Orthodox chess is {1, 2} (g and c files); Janus chess and Mainzer Schach are
// {1, 1} (the king goes beside the rook, which jumps over it: docs/rules.md Z4).
struct CastlingRule {
  bool allowed = true;
  int king_side_inset = 1;
  int queen_side_inset = 2;
};

// A terminal value from the point of view of the side to move, who is the side that cannot
// move (or has no pieces).
enum class TerminalValue : uint8_t { Draw, Win, Loss };

// docs/rules.md M7.
enum class EnPassantRule : uint8_t { Any, Second, None };
// docs/rules.md M6 / L4: what happens when the first move of a turn leaves no legal second move.
enum class NoSecondMoveRule : uint8_t { Stalemate, Pass };
// docs/rules.md L3: how a losing-chess stalemate (a side with pieces but no legal move) is scored:
// a win for the stalemated side, a win for the side with fewer pieces (FICS), or a draw (AISE).
enum class LosingStalemateRule : uint8_t { Win, FewerPieces, Draw };

// How long a turn is (docs/rules.md M1; rules-extramove-progressive.md E1, P1).
enum class TurnLength : uint8_t {
  Fixed,    // moves_per_turn moves
  Growing,  // progressive chess: the n-th series of the game has n moves (Position::turn_length)
};

// What a check given before the last move of a turn does, where kings are royal.
enum class CheckInTurn : uint8_t {
  EndsTurn,      // the turn ends at once (Marseillais M4, Scottish progressive P5)
  LastMoveOnly,  // such a move is illegal (Italian progressive P5)
  Continues,     // the turn goes on (Extra Move E4)
};

// Restrictions on the moves after a turn's first one, as data. Bennekom's same piece where it
// can move; Extra Move's optional second move by another piece, never a capture (E1-E3).
struct LaterMoveRule {
  bool optional = false;            // the side may pass instead (E1)
  bool same_piece = false;          // the piece that moved first, where it has a move (Bennekom)
  bool other_piece = false;         // never the piece that moved first (E2)
  bool quiet = false;               // never a capture (E2)
  bool two_steps_only_later = false;  // a pawn two-step only after the first move (E3)
};

struct RuleOptions {
  EnPassantRule en_passant = EnPassantRule::Any;
  NoSecondMoveRule no_second_move = NoSecondMoveRule::Stalemate;
  LosingStalemateRule stalemate = LosingStalemateRule::Win;
};

struct Variant {
  std::string_view name;
  int files = 8;
  int ranks = 8;
  std::string_view start_fen;
  PieceTypeList pieces;      // kinds that may stand on the board
  PieceTypeList promotions;  // in the order SAN writes them
  KingRule king_rule = KingRule::Royal;
  CastlingRule castling;
  bool compulsory_capture = false;
  int moves_per_turn = 1;               // of a Fixed turn
  TurnLength turn_length = TurnLength::Fixed;
  CheckInTurn check_in_turn = CheckInTurn::EndsTurn;
  LaterMoveRule later_moves;
  bool chained_en_passant = true;       // an e.p. capture may follow an e.p. capture (M7; not P4)
  bool balanced_start = false;          // White's first turn from the initial array is one move
  bool balanced_at_move_one = false;    // and White's turn at move number 1 of any FEN (E1, E7)
  TerminalValue stalemate_value = TerminalValue::Draw;  // for the stalemated side
  bool multi_move_options = false;      // ep and no-second-move options apply
  bool reference_only = false;          // kept to cross-check against Fairy-Stockfish
  bool losing_options = false;          // the stalemate option applies
  RuleOptions options;

  const Geometry& geometry() const { return Geometry::of(files, ranks); }
  bool allows(PieceType t) const;
  bool is_multi_move() const { return moves_per_turn > 1 || turn_length == TurnLength::Growing; }
  // Whether a pawn's two-step is always the last move of its turn, so that nothing of the side
  // that made it has moved since (what a FEN's e.p. square may claim, fen.cpp): one-move turns,
  // and Extra Move, where a two-step is only the second move of a turn of at most two (E3) or
  // White's one-move first turn. Elsewhere a later move of the same turn may follow it.
  bool two_step_ends_turn() const;
  // The file of the kings in the initial array (castling starts there).
  int king_home_file() const;
  // "ep=any no-second-move=stalemate", the options in force that apply to this variant.
  std::string describe_options() const;
};

// A rule option that applies to a variant: its key, the values it takes and the value in force;
// what a form offers as a choice.
struct RuleOptionChoice {
  std::string_view key;
  std::vector<std::string_view> values;
  std::string_view value;
};
std::vector<RuleOptionChoice> rule_option_choices(const Variant& variant);

// The variant called name, or nullopt.
std::optional<Variant> find_variant(std::string_view name);
std::vector<std::string_view> variant_names();

// Applies one "KEY=VALUE" option; returns an error message naming the key or value when the
// option is unknown or does not apply to the variant.
std::optional<std::string> apply_rule_option(Variant& variant, std::string_view key_value);

// The variant called name with the given KEY=VALUE options applied; the error names its field:
// "variant: unknown variant 'x' (known: ...)" or "rule: ...".
Expected<Variant> make_variant(std::string_view name, const std::vector<std::string>& rules);

}  // namespace dm
