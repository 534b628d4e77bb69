#pragma once
// A problem's stipulation (docs/rules.md section 8): the goal, who plays for it, and the length in
// the attacker's turns.
//
// Direct play (#N, =N, winN): the side to move is the attacker and forces the goal against the
// defender. Self play (s#N, s=N): the side to move is the attacker and forces the defender to
// mate (stalemate) it. Help play (h#N, h=N): both sides cooperate; the defender (the side to
// move) starts and the attacker reaches the goal with its N-th turn. h#N.5 (Popeye) starts with
// the attacker: the attacker plays N + 1 turns and the side to move is the attacker.
//
// Proofs (win, lose, loseN): the variant's own win forced without a length (`win`: by the side
// to move; `lose`: by its opponent, the side to move defending first) or, for loseN, within N of
// the opponent's turns. They ask for one proof, not every key: whether the position is won or
// lost, with the turns that show it.
//
// Reflex play (r#N, r=N; Popeye's r#): as self play, but each side must reach the goal when it
// can in one turn: the defender's turn that mates (stalemates) the attacker is forced, and an
// attacker to move that could mate (stalemate) the defender has lost the problem.
//
// Series play (Popeye's ser-#N, ser-=N, ser-h#N, ser-h=N, ser-s#N, ser-s=N): the side to move,
// the series mover, plays N turns in a row while the other side passes, and may not give check
// before its last turn. Then the goal: the last turn mates (stalemates) directly (ser-#), or
// the other side mates (stalemates) the series mover with one turn (ser-h#: the series mover
// is the defender, attacker_starts is false), or the other side is forced to mate (stalemate)
// the series mover (ser-s#). `turns` counts the series turns. As in Popeye, series play lists
// the solutions of every length up to N: one of fewer turns is a short solution.

#include <optional>
#include <string>
#include <string_view>

#include "rules/expected.h"
#include "rules/variant.h"

namespace dm::problem {

enum class Goal : uint8_t { Mate, Stalemate, Win };
enum class Play : uint8_t { Direct, Self, Help, Reflex, Series, SeriesHelp, SeriesSelf };

// The turns left of a search without a length (win, lose). It never decreases; the tables keep
// it in the same byte as a length, above every real one.
constexpr int kUnboundedTurns = 254;

struct Stipulation {
  Goal goal = Goal::Mate;
  Play play = Play::Direct;
  int turns = 1;                // the attacker's turns, from the start position; kUnboundedTurns: no limit
  bool attacker_starts = true;  // false in help play without ".5", and in lose and loseN

  bool unbounded() const { return turns == kUnboundedTurns; }
  bool is_series() const { return play == Play::Series || play == Play::SeriesHelp || play == Play::SeriesSelf; }
  // The solutions are lines of play (help and series play), not keys with their variations.
  bool has_lines() const { return play == Play::Help || is_series(); }
  // The goal is reached on the attacker (self, reflex and series-self play).
  bool attacker_is_victim() const {
    return play == Play::Self || play == Play::Reflex || play == Play::SeriesSelf;
  }
  // win, lose and loseN: one proof of the position's value, not every key (winN keeps its keys).
  bool is_proof() const { return goal == Goal::Win && play == Play::Direct && (unbounded() || !attacker_starts); }
  // Help and series play: the attacker turns (help) or series turns (series) of a solution
  // line of `line_size` turns (both sides' turns, the series' last step included). A line of
  // fewer than `turns` is a short solution.
  int line_length(size_t line_size) const;
  // "#2", "h#2.5", "s=3", "r#2", "ser-h#3", "win4", "win", "lose", "lose3", as parsed.
  std::string to_string() const;
};

// The largest length the solver accepts; the tables keep lengths in a byte.
constexpr int kMaxTurns = 100;
static_assert(kMaxTurns < kUnboundedTurns, "a length never reads as unbounded");

Expected<Stipulation> parse_stipulation(std::string_view text);

// Why the stipulation is not solved in the variant, or nullopt. Progressive chess (P7) takes
// #N, =N, winN, s#N, s=N, h#N and h=N, whose searches go through a series a move at a time;
// series and reflex play and the unbounded proofs play whole turns, which a long series makes
// a product of its moves.
std::optional<std::string> refused_in(const Stipulation& stipulation, const Variant& variant);

}  // namespace dm::problem
