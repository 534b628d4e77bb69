#pragma once
// A problem's stipulation (RULES.md section 8): the goal, who plays for it, and the length in
// the attacker's turns.
//
// Direct play (#N, =N, winN): the side to move is the attacker and forces the goal against the
// defender. Self play (s#N, s=N): the side to move is the attacker and forces the defender to
// mate (stalemate) it. Help play (h#N, h=N): both sides cooperate; the defender (the side to
// move) starts and the attacker reaches the goal with its N-th turn. h#N.5 (Popeye) starts with
// the attacker: the attacker plays N + 1 turns and the side to move is the attacker.

#include <string>
#include <string_view>

#include "rules/expected.h"

namespace dm::search {

enum class Goal : uint8_t { Mate, Stalemate, Win };
enum class Play : uint8_t { Direct, Self, Help };

struct Stipulation {
  Goal goal = Goal::Mate;
  Play play = Play::Direct;
  int turns = 1;                // the attacker's turns, from the start position
  bool attacker_starts = true;  // false only in help play without ".5"

  // "#2", "h#2.5", "s=3", "win4", as parsed.
  std::string to_string() const;
};

// The largest length the solver accepts; the tables keep lengths in a byte.
constexpr int kMaxTurns = 100;

Expected<Stipulation> parse_stipulation(std::string_view text);

}  // namespace dm::search
