#include "solver/search/stipulation.h"

#include <charconv>

namespace dm::search {

std::string Stipulation::to_string() const {
  std::string text = play == Play::Self ? "s" : play == Play::Help ? "h" : "";
  text += goal == Goal::Mate ? "#" : goal == Goal::Stalemate ? "=" : "win";
  if (play == Play::Help && attacker_starts) return text + std::to_string(turns - 1) + ".5";
  return text + std::to_string(turns);
}

Expected<Stipulation> parse_stipulation(std::string_view text) {
  const auto fail = [&](std::string_view why) {
    return Expected<Stipulation>::failure("stipulation '" + std::string(text) + "': " + std::string(why));
  };
  Stipulation s;
  std::string_view rest = text;
  if (rest.starts_with("s")) {
    s.play = Play::Self;
    rest.remove_prefix(1);
  } else if (rest.starts_with("h")) {
    s.play = Play::Help;
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
    return fail("expected #N, =N, winN, s#N, s=N, h#N, h=N or h#N.5");
  }
  if (s.goal == Goal::Win && s.play != Play::Direct) return fail("win is a direct-play goal only");
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
    s.attacker_starts = s.play != Play::Help;
  }
  return s;
}

}  // namespace dm::search
