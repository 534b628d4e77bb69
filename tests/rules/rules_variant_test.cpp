// Variants and rule options (docs/rules.md sections 2-6 and the --rule KEY=VALUE options): every
// variant the rule book names exists with its board and turn structure, unknown names are
// refused, apply_rule_option rejects unknown keys and values and keys that do not apply to the
// variant, and each option changes play as the rule book says (e.p. rights of M7).

#include <algorithm>
#include <catch2/catch.hpp>

#include "rules/movegen.h"
#include "rules/notation.h"
#include "test_data.h"

namespace dm {
namespace {

bool contains(const std::string& text, std::string_view fragment) { return text.find(fragment) != std::string::npos; }

}  // namespace

TEST_CASE("variant: the rule book's variants exist", "[rules][variant]") {
  struct Facts {
    std::string_view name;
    int files;
    int moves_per_turn;
    KingRule king_rule;
  };
  for (const auto& e : std::vector<Facts>{{"chess", 8, 1, KingRule::Royal},
                                             {"marseillais", 8, 2, KingRule::Royal},
                                             {"marseillais-classical", 8, 2, KingRule::Royal},
                                             {"doublemove", 8, 2, KingRule::Capturable},
                                             {"bennekom", 8, 2, KingRule::Royal},
                                             {"antichess", 8, 1, KingRule::Ordinary},
                                             {"losing-marseillais", 8, 2, KingRule::Ordinary},
                                             {"mainzer", 11, 1, KingRule::Royal}}) {
    INFO(e.name);
    const auto variant = find_variant(e.name);
    REQUIRE(variant);
    CHECK(variant->name == e.name);
    CHECK(variant->files == e.files);
    CHECK(variant->ranks == 8);
    CHECK(variant->moves_per_turn == e.moves_per_turn);
    CHECK(variant->king_rule == e.king_rule);
    const auto names = variant_names();
    CHECK(std::find(names.begin(), names.end(), e.name) != names.end());
  }
  // M2: the balanced start gives White one move, the classical start two.
  Position balanced;
  balanced.set_start(test::variant_named("marseillais"));
  CHECK(balanced.moves_left() == 1);
  Position classical;
  classical.set_start(test::variant_named("marseillais-classical"));
  CHECK(classical.moves_left() == 2);
  // ... but a FEN is a problem position: "w" is a full turn whatever the variant.
  CHECK(test::position_of("marseillais", test::variant_named("marseillais").start_fen).moves_left() == 2);
}

TEST_CASE("variant: unknown names are refused", "[rules][variant]") {
  CHECK_FALSE(find_variant("nosuchvariant"));
  CHECK_FALSE(find_variant(""));
  CHECK_FALSE(find_variant("Chess"));
  CHECK_FALSE(find_variant("marseillais "));
}

TEST_CASE("variant: apply_rule_option", "[rules][variant]") {
  SECTION("an unknown key") {
    Variant v = test::variant_named("marseillais");
    const auto error = apply_rule_option(v, "colour=blue");
    REQUIRE(error);
    CHECK(contains(*error, "unknown rule option 'colour'"));
  }
  SECTION("an unknown value names the value and the choices") {
    Variant v = test::variant_named("marseillais");
    const auto error = apply_rule_option(v, "ep=sometimes");
    REQUIRE(error);
    CHECK(contains(*error, "'ep'"));
    CHECK(contains(*error, "unknown value 'sometimes'"));
    CHECK(contains(*error, "any|second|none"));
    CHECK(v.options.en_passant == EnPassantRule::Any);  // unchanged
    Variant losing = test::variant_named("antichess");
    const auto stalemate = apply_rule_option(losing, "stalemate=lose");
    REQUIRE(stalemate);
    CHECK(contains(*stalemate, "unknown value 'lose'"));
  }
  SECTION("a key that does not apply to the variant") {
    for (const auto& [name, option] : std::vector<std::pair<std::string_view, std::string_view>>{
             {"chess", "ep=any"},
             {"chess", "no-second-move=pass"},
             {"chess", "stalemate=win"},
             {"mainzer", "ep=none"},
             {"mainzer", "stalemate=fewer-pieces"},
             {"marseillais", "stalemate=win"},
             {"doublemove", "stalemate=fewer-pieces"},
             {"antichess", "ep=second"},
             {"antichess", "no-second-move=pass"}}) {
      INFO(name << " " << option);
      Variant v = test::variant_named(name);
      const auto error = apply_rule_option(v, option);
      REQUIRE(error);
      CHECK(contains(*error, "does not apply to variant '" + std::string(name) + "'"));
    }
  }
  SECTION("not KEY=VALUE") {
    Variant v = test::variant_named("marseillais");
    const auto error = apply_rule_option(v, "ep");
    REQUIRE(error);
    CHECK(contains(*error, "KEY=VALUE"));
  }
  SECTION("valid options are set and described") {
    Variant v = test::variant_named("losing-marseillais");
    CHECK(v.describe_options() == "ep=any no-second-move=stalemate stalemate=win");
    CHECK_FALSE(apply_rule_option(v, "ep=second"));
    CHECK_FALSE(apply_rule_option(v, "no-second-move=pass"));
    CHECK_FALSE(apply_rule_option(v, "stalemate=fewer-pieces"));
    CHECK(v.options.en_passant == EnPassantRule::Second);
    CHECK(v.options.no_second_move == NoSecondMoveRule::Pass);
    CHECK(v.options.stalemate == LosingStalemateRule::FewerPieces);
    CHECK(v.describe_options() == "ep=second no-second-move=pass stalemate=fewer-pieces");
    CHECK_FALSE(apply_rule_option(v, "stalemate=draw"));
    CHECK(v.options.stalemate == LosingStalemateRule::Draw);
    CHECK(v.describe_options() == "ep=second no-second-move=pass stalemate=draw");
    CHECK(test::variant_named("chess").describe_options().empty());
  }
}

// What a form offers (dmsolve serve's page): every option that applies, each value accepted by
// apply_rule_option and described back, the value in force the one describe_options() names.
TEST_CASE("variant: rule option choices are the options that apply", "[rules][variant]") {
  for (const std::string_view name : variant_names()) {
    const Variant base = test::variant_named(name);
    std::string described;
    for (const RuleOptionChoice& choice : rule_option_choices(base)) {
      INFO(name << " " << choice.key);
      described += (described.empty() ? "" : " ") + std::string(choice.key) + "=" + std::string(choice.value);
      CHECK(std::find(choice.values.begin(), choice.values.end(), choice.value) != choice.values.end());
      for (const std::string_view value : choice.values) {
        Variant v = base;
        const std::string option = std::string(choice.key) + "=" + std::string(value);
        CHECK_FALSE(apply_rule_option(v, option));
        CHECK(contains(v.describe_options(), option));
      }
    }
    CHECK(described == base.describe_options());
  }
  CHECK(rule_option_choices(test::variant_named("chess")).empty());
  CHECK(rule_option_choices(test::variant_named("antichess")).size() == 1);
}

// M7: which two-steps of White's turn Black may take e.p., under each ep option.
TEST_CASE("variant: the ep option decides which two-steps may be taken", "[rules][variant]") {
  const std::string fen = "4k3/8/8/8/4p3/8/3P4/4K3 w - - 0 1";
  struct Case {
    std::string_view option;
    std::string_view first;
    std::string_view second;
    bool ep_legal;
  };
  for (const auto& c : std::vector<Case>{{"ep=any", "d4", "Kf1", true},
                                         {"ep=any", "Kf1", "d4", true},
                                         {"ep=second", "d4", "Kf1", false},
                                         {"ep=second", "Kf1", "d4", true},
                                         {"ep=none", "d4", "Kf1", false},
                                         {"ep=none", "Kf1", "d4", false}}) {
    INFO(c.option << ": 1." << c.first << "," << c.second);
    Variant v = test::variant_named("marseillais");
    REQUIRE_FALSE(apply_rule_option(v, c.option));
    Position pos = test::position_of(v, fen);
    StateInfo s1;
    StateInfo s2;
    const auto m1 = parse_move(pos, c.first);
    REQUIRE(m1);
    pos.do_move(*m1, s1);
    const auto m2 = parse_move(pos, c.second);
    REQUIRE(m2);
    pos.do_move(*m2, s2);
    REQUIRE(pos.side_to_move() == Color::Black);
    const auto ep = parse_move(pos, "exd3");
    CHECK(bool(ep) == c.ep_legal);
    if (ep) CHECK(ep->kind() == MoveKind::EnPassant);
  }
}

}  // namespace dm
