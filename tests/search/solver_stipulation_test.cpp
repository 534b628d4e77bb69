// Stipulation parsing (docs/rules.md section 8) and EPD problem lines.

#include <catch2/catch.hpp>

#include "solver/puzzle/epd_line.h"
#include "solver/problem/stipulation.h"

using namespace dm::search;
using dm::puzzle::parse_epd_line;

TEST_CASE("stipulations are parsed with lengths in attacker turns", "[solver][stipulation]") {
  const auto mate = parse_stipulation("#3");
  REQUIRE(mate);
  CHECK(mate->goal == Goal::Mate);
  CHECK(mate->play == Play::Direct);
  CHECK(mate->turns == 3);
  CHECK(mate->attacker_starts);

  const auto help = parse_stipulation("h#2");
  REQUIRE(help);
  CHECK(help->play == Play::Help);
  CHECK(help->turns == 2);
  CHECK_FALSE(help->attacker_starts);

  const auto half = parse_stipulation("h=1.5");
  REQUIRE(half);
  CHECK(half->goal == Goal::Stalemate);
  CHECK(half->turns == 2);
  CHECK(half->attacker_starts);
  CHECK(half->to_string() == "h=1.5");

  const auto zero = parse_stipulation("h#0.5");
  REQUIRE(zero);
  CHECK(zero->turns == 1);

  const auto self = parse_stipulation("s=4");
  REQUIRE(self);
  CHECK(self->play == Play::Self);
  CHECK(self->goal == Goal::Stalemate);

  const auto win = parse_stipulation("win5");
  REQUIRE(win);
  CHECK(win->goal == Goal::Win);
  CHECK(win->to_string() == "win5");

  const auto reflex = parse_stipulation("r#2");
  REQUIRE(reflex);
  CHECK(reflex->play == Play::Reflex);
  CHECK(reflex->attacker_is_victim());
  CHECK(reflex->attacker_starts);
  CHECK(reflex->to_string() == "r#2");

  const struct {
    const char* text;
    Play play;
    Goal goal;
    bool attacker_starts;
  } series[] = {
      {"ser-#3", Play::Series, Goal::Mate, true},       {"ser-=2", Play::Series, Goal::Stalemate, true},
      {"ser-h#4", Play::SeriesHelp, Goal::Mate, false}, {"ser-h=5", Play::SeriesHelp, Goal::Stalemate, false},
      {"ser-s#6", Play::SeriesSelf, Goal::Mate, true},  {"ser-s=1", Play::SeriesSelf, Goal::Stalemate, true},
  };
  for (const auto& s : series) {
    INFO(s.text);
    const auto parsed = parse_stipulation(s.text);
    REQUIRE(parsed);
    CHECK(parsed->play == s.play);
    CHECK(parsed->goal == s.goal);
    CHECK(parsed->attacker_starts == s.attacker_starts);
    CHECK(parsed->is_series());
    CHECK(parsed->has_lines());
    CHECK(parsed->to_string() == s.text);
  }
  CHECK(parse_stipulation("ser-s#2")->attacker_is_victim());
  CHECK_FALSE(parse_stipulation("ser-h#2")->attacker_is_victim());

  for (const char* bad : {"", "#", "#0", "x3", "#2.5", "swin2", "#3a", "h#-1.5", "#101", "ser-h#2.5", "ser-#0",
                          "rwin2", "ser-win3", "ser-x#2", "r#"}) {
    INFO(bad);
    CHECK_FALSE(parse_stipulation(bad));
  }
}

TEST_CASE("a stipulation dmsolve does not solve is refused by name, not as a bad length", "[solver]") {
  const struct {
    const char* text;
    const char* why;
  } refused[] = {
      {"h##2", "counter-mate (##) is not supported"},
      {"#=2", "mate or stalemate (#=) is not supported"},
      {"#2.5", "a length of N.5 turns is for help play only"},
      {"ser-s#3.5", "a length of N.5 turns is for help play only"},
      {"hs#2", "help-self play (hs) is not supported"},
      {"h==3", "double stalemate (==) is not supported"},
      {"dia4.5", "proof game (dia) is not supported"},
  };
  for (const auto& r : refused) {
    INFO(r.text);
    const auto parsed = parse_stipulation(r.text);
    REQUIRE_FALSE(parsed);
    CHECK(parsed.error().find(r.why) != std::string::npos);
  }
  // A malformed length stays a bad length.
  const auto malformed = parse_stipulation("#2x");
  REQUIRE_FALSE(malformed);
  CHECK(malformed.error() == "stipulation '#2x': bad length");
}

TEST_CASE("EPD lines give the position, stipulation, variant and rule options", "[solver][epd]") {
  const auto bm = parse_epd_line("2brrb2/8/p7/7Q/1p1kpPp1/1P1pN1K1/3P4/8 w - - bm #2; PV: h5a5 c8d7 a5d5;", 7);
  REQUIRE(bm);
  REQUIRE(*bm);
  CHECK((*bm)->fen == "2brrb2/8/p7/7Q/1p1kpPp1/1P1pN1K1/3P4/8 w - -");
  CHECK((*bm)->stipulation == "#2");
  CHECK((*bm)->pv == std::vector<std::string>{"h5a5", "c8d7", "a5d5"});
  CHECK((*bm)->line_number == 7);

  const auto ours = parse_epd_line(
      "6k1/2Q5/4K3/8/8/8/8/8 w - - variant marseillais; rule ep=none; rule no-second-move=pass; stip =1; id \"cv\";", 1);
  REQUIRE(ours);
  REQUIRE(*ours);
  CHECK((*ours)->variant == "marseillais");
  CHECK((*ours)->rules == std::vector<std::string>{"ep=none", "no-second-move=pass"});
  CHECK((*ours)->stipulation == "=1");
  CHECK((*ours)->id == "cv");

  const auto dm = parse_epd_line("8/8/8/8/8/8/8/K1k4Q w - - dm 3;", 2);
  REQUIRE(dm);
  REQUIRE(*dm);
  CHECK((*dm)->stipulation == "#3");

  CHECK_FALSE(parse_epd_line("", 3));
  CHECK_FALSE(parse_epd_line("# a comment", 4));
  const auto mated = parse_epd_line("8/8/8/8/8/8/8/K1k4Q b - - bm #-2;", 5);
  REQUIRE(mated);
  CHECK_FALSE(*mated);
  const auto none = parse_epd_line("8/8/8/8/8/8/8/K1k4Q b - - c0 \"x\";", 6);
  REQUIRE(none);
  CHECK_FALSE(*none);
  const auto short_fen = parse_epd_line("8/8/8 w", 6);
  REQUIRE(short_fen);
  CHECK_FALSE(*short_fen);
  // fmvn: the move number goes into the FEN, and only a number is taken.
  const auto series = parse_epd_line("7k/8/8/8/8/8/8/KR6 w - - stip #1; fmvn 7;", 8);
  REQUIRE(series);
  REQUIRE(*series);
  CHECK((*series)->fen == "7k/8/8/8/8/8/8/KR6 w - - 0 7");
  for (const char* bad : {"fmvn x", "fmvn 7 8", "fmvn -7", "fmvn"}) {
    INFO(bad);
    const auto refused = parse_epd_line(std::string("7k/8/8/8/8/8/8/KR6 w - - stip #1; ") + bad + ";", 9);
    REQUIRE(refused);
    REQUIRE_FALSE(*refused);
    CHECK((*refused).error().find("fmvn") != std::string::npos);
  }
}
