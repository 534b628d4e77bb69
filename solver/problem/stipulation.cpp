#include "solver/problem/stipulation.h"

#include <charconv>
#include <optional>
#include <string>

namespace dm::problem {

int Stipulation::line_length(size_t line_size) const {
  const int size = int(line_size);
  if (is_series()) return play == Play::Series ? size : size - 1;
  // Help play alternates the sides, the attacker's turn last: an odd line opens with it.
  return (size + 1) / 2;
}

std::string Stipulation::to_string() const {
  if (goal == Goal::Win && play == Play::Direct && !attacker_starts) {
    return unbounded() ? "lose" : "lose" + std::to_string(turns);
  }
  std::string text;
  switch (play) {
    case Play::Direct: break;
    case Play::Self: text = "s"; break;
    case Play::Help: text = "h"; break;
    case Play::Reflex: text = "r"; break;
    case Play::Series: text = "ser-"; break;
    case Play::SeriesHelp: text = "ser-h"; break;
    case Play::SeriesSelf: text = "ser-s"; break;
  }
  text += goal == Goal::Mate ? "#" : goal == Goal::Stalemate ? "=" : "win";
  if (unbounded()) return text;
  if (play == Play::Help && attacker_starts) return text + std::to_string(turns - 1) + ".5";
  return text + std::to_string(turns);
}

namespace {

struct Unsupported {
  std::string_view symbol;
  std::string_view name;
};

// Popeye's ways of play and goals that dmsolve does not solve, longest symbol first where one
// begins another, so that a refusal names what was asked for rather than a bad length.
constexpr Unsupported kUnsupportedPlay[] = {
    {"semi-r", "semi-reflex play"}, {"pser-", "parry series play"},  {"phser-", "parry help series play"},
    {"exact-", "exact play"},       {"ser-r", "series reflex play"}, {"hs", "help-self play"},
    {"hr", "help-reflex play"},
};
constexpr Unsupported kUnsupportedGoal[] = {
    {"##!", "double mate"},
    {"##", "counter-mate"},
    {"#=", "mate or stalemate"},
    {"==", "double stalemate"},
    {"!=", "auto-stalemate"},
    {"<>", "exchange"},
    {"00", "castling"},
    {"ep", "en passant capture"},
    {"ct", "circe capture"},
    {"c81", "chess81"},
    {"dia", "proof game"},
    {"a=>b", "proof game from a position"},
    {"+", "check"},
    {"x", "capture"},
    {"%", "any move"},
    {"z", "target square"},
    {"k", "kiss"},
};
constexpr std::string_view kSolved =
    "dmsolve solves mate (#), stalemate (=) and win, in direct, self, help, reflex "
    "and series play";

// Why a stipulation that failed to parse is refused, where it asks for something dmsolve does not
// solve rather than being malformed: nullopt where it is simply malformed.
std::optional<std::string> unsupported_part(std::string_view text) {
  for (const Unsupported& play : kUnsupportedPlay) {
    if (text.starts_with(play.symbol)) {
      return std::string(play.name) + " (" + std::string(play.symbol) + ") is not supported; " + std::string(kSolved);
    }
  }
  std::string_view rest = text;
  for (std::string_view prefix : {"ser-h", "ser-s", "ser-", "s", "h", "r"}) {
    if (rest.starts_with(prefix)) {
      rest.remove_prefix(prefix.size());
      break;
    }
  }
  for (const Unsupported& goal : kUnsupportedGoal) {
    if (rest.starts_with(goal.symbol)) {
      return "the goal " + std::string(goal.name) + " (" + std::string(goal.symbol) + ") is not supported; " +
             std::string(kSolved);
    }
  }
  if (text.ends_with(".5") && !text.starts_with("h")) {
    return "a length of N.5 turns is for help play only (h#N.5, h=N.5)";
  }
  return std::nullopt;
}

}  // namespace

Expected<Stipulation> parse_stipulation(std::string_view text) {
  const auto fail = [&](std::string_view why) {
    const auto unsupported = unsupported_part(text);
    return Expected<Stipulation>::failure("stipulation '" + std::string(text) +
                                          "': " + (unsupported ? *unsupported : std::string(why)));
  };
  Stipulation s;
  std::string_view rest = text;
  if (rest.starts_with("lose")) {
    // The side to move defends; its opponent forces the win.
    s.goal = Goal::Win;
    s.attacker_starts = false;
    rest.remove_prefix(4);
    if (rest.empty()) {
      s.turns = kUnboundedTurns;
      return s;
    }
  } else {
    if (rest.starts_with("ser-")) {
      rest.remove_prefix(4);
      s.play = Play::Series;
      if (rest.starts_with("h")) s.play = Play::SeriesHelp;
      if (rest.starts_with("s")) s.play = Play::SeriesSelf;
      if (s.play != Play::Series) rest.remove_prefix(1);
    } else if (rest.starts_with("s")) {
      s.play = Play::Self;
      rest.remove_prefix(1);
    } else if (rest.starts_with("h")) {
      s.play = Play::Help;
      rest.remove_prefix(1);
    } else if (rest.starts_with("r")) {
      s.play = Play::Reflex;
      rest.remove_prefix(1);
    }
    if (rest.starts_with("#")) {
      s.goal = Goal::Mate;
      rest.remove_prefix(1);
    } else if (rest.starts_with("=")) {
      s.goal = Goal::Stalemate;
      rest.remove_prefix(1);
    } else if (rest.starts_with("win")) {
      s.goal = Goal::Win;
      rest.remove_prefix(3);
    } else {
      return fail("expected #N, =N, winN, win, lose, loseN, s#N, s=N, h#N, h=N, h#N.5, r#N, r=N, ser-#N, ser-=N, "
                  "ser-h#N, ser-h=N, ser-s#N or ser-s=N");
    }
    if (s.goal == Goal::Win && s.play != Play::Direct) return fail("win is a direct-play goal only");
    if (s.goal == Goal::Win && rest.empty()) {
      s.turns = kUnboundedTurns;
      return s;
    }
  }
  const bool half = s.play == Play::Help && rest.ends_with(".5");
  if (half) rest.remove_suffix(2);
  int n = -1;
  const auto [end, error] = std::from_chars(rest.data(), rest.data() + rest.size(), n);
  if (error != std::errc() || end != rest.data() + rest.size() || rest.empty()) return fail("bad length");
  if (half) {
    if (n < 0 || n + 1 > kMaxTurns) return fail("length out of range");
    s.turns = n + 1;
    s.attacker_starts = true;
  } else {
    if (n < 1 || n > kMaxTurns) return fail("length out of range (1 to 100)");
    s.turns = n;
    // The defender starts help play; in ser-h# the defender is the series mover.
    if (s.play == Play::Help || s.play == Play::SeriesHelp) s.attacker_starts = false;
  }
  return s;
}

std::optional<std::string> refused_in(const Stipulation& stipulation, const Variant& variant) {
  if (variant.turn_length != TurnLength::Growing) return std::nullopt;
  if (stipulation.is_series() || stipulation.play == Play::Reflex || stipulation.is_proof()) {
    return "stipulation '" + stipulation.to_string() + "' is not solved in " + std::string(variant.name) +
           " (progressive chess takes #N =N winN s#N s=N h#N h=N)";
  }
  return std::nullopt;
}

}  // namespace dm::problem
