// Move notation (docs/rules.md section 7): SAN and UCI, written and read, for every variant. A table
// of hand-checked positions covers disambiguation, promotions (=A/=M/=J in Mainzer Schach, =K in
// losing chess), en passant, orthodox and Janus castling, files up to k, check and mate marks
// and captures; parse errors name the problem; and for every legal move of many positions
// (from random games of every variant) SAN and UCI read back to the same move.

#include <catch2/catch.hpp>
#include <deque>
#include <random>
#include <set>

#include "rules/movegen.h"
#include "rules/notation.h"
#include "rules/outcome.h"
#include "test_data.h"

namespace dm {
namespace {

struct NotationCase {
  std::string_view variant;
  std::string_view fen;
  std::string_view san;
  std::string_view uci;
};

const std::vector<NotationCase> kMoves = {
    {"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "e4", "e2e4"},
    {"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "Nf3", "g1f3"},
    // Disambiguation by file, by rank, and by both (three queens reach b2).
    {"chess", "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "Nbd2", "b1d2"},
    {"chess", "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "Nfd2", "f3d2"},
    {"chess", "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "R1a3", "a1a3"},
    {"chess", "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "R5a3", "a5a3"},
    {"chess", "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "Ra8+", "a5a8"},
    {"chess", "4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1", "Qa1b2", "a1b2"},
    {"chess", "4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1", "Q3b2", "a3b2"},
    {"chess", "4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1", "Qcb2", "c1b2"},
    // Promotions, with and without capture and check.
    {"chess", "3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1", "e8=Q+", "e7e8q"},
    {"chess", "3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1", "e8=R+", "e7e8r"},
    {"chess", "3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1", "exd8=N", "e7d8n"},
    {"chess", "3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1", "exd8=B", "e7d8b"},
    // En passant, captures.
    {"chess", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", "exf6", "e5f6"},
    {"chess", "rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP2PPP/RNBQKBNR b KQkq d3 0 2", "exd3", "e4d3"},
    {"chess", "4k3/8/8/4p3/8/5N2/8/4K3 w - - 0 1", "Nxe5", "f3e5"},
    // Castling: the king's move in UCI.
    {"chess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "O-O", "e1g1"},
    {"chess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "O-O-O", "e1c1"},
    {"chess", "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "O-O", "e8g8"},
    {"chess", "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "O-O-O", "e8c8"},
    {"chess", "5k2/8/8/8/8/8/8/4K2R w K - 0 1", "O-O+", "e1g1"},
    // Check and mate marks.
    {"chess", "6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1", "Ra8#", "a1a8"},
    {"chess", "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2", "Qh4#", "d8h4"},
    {"marseillais", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "Ra8+", "a1a8"},
    // No check in Double Move chess and losing chess: no marks.
    {"doublemove", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "Ra8", "a1a8"},
    {"doublemove", "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", "Rxe8", "e1e8"},
    // Losing chess: promotion to king.
    {"antichess", "8/4P3/8/8/8/8/8/k7 w - - 0 1", "e8=K", "e7e8k"},
    {"antichess", "8/4P3/8/8/8/8/8/k7 w - - 0 1", "e8=Q", "e7e8q"},
    // Mainzer Schach: files up to k, fairy pieces, Janus castling, promotion to A, M, J.
    {"mainzer", "rjbbqkmnnjr/ppppppppppp/11/11/11/11/PPPPPPPPPPP/RJBBQKMNNJR w KQkq - 0 1", "k4", "k2k4"},
    {"mainzer", "rjbbqkmnnjr/ppppppppppp/11/11/11/11/PPPPPPPPPPP/RJBBQKMNNJR w KQkq - 0 1", "Nj3", "i1j3"},
    {"mainzer", "rjbbqkmnnjr/ppppppppppp/11/11/11/11/PPPPPPPPPPP/RJBBQKMNNJR w KQkq - 0 1", "Jk3", "j1k3"},
    {"mainzer", "rjbbqkmnnjr/ppppppppppp/11/11/11/11/PPPPPPPPPPP/RJBBQKMNNJR w KQkq - 0 1", "Mh3", "g1h3"},
    {"mainzer", "rjbbqkmnnjr/ppppppppppp/11/11/11/11/PPPPPPPPPPP/RJBBQKMNNJR w KQkq - 0 1", "Ja3", "b1a3"},
    {"mainzer", "r4k4r/11/11/11/11/11/11/R4K4R w KQkq - 0 1", "O-O", "f1j1"},
    {"mainzer", "r4k4r/11/11/11/11/11/11/R4K4R w KQkq - 0 1", "O-O-O", "f1b1"},
    {"mainzer", "r4k4r/11/11/11/11/11/11/R4K4R b KQkq - 0 1", "O-O", "f8j8"},
    {"mainzer", "r4k4r/11/11/11/11/11/11/R4K4R b KQkq - 0 1", "O-O-O", "f8b8"},
    {"mainzer", "r4k4r/11/11/11/11/11/11/R4K4R w KQkq - 0 1", "Rxk8+", "k1k8"},
    {"mainzer", "5k5/2P8/11/11/11/11/11/5K5 w - - 0 1", "c8=A+", "c7c8a"},
    {"mainzer", "5k5/2P8/11/11/11/11/11/5K5 w - - 0 1", "c8=M+", "c7c8m"},
    {"mainzer", "5k5/2P8/11/11/11/11/11/5K5 w - - 0 1", "c8=J", "c7c8j"},
    {"mainzer", "k10/7Q3/1K9/11/11/11/11/11 w - - 0 1", "Qb7#", "h7b7"},
    // Janus chess on 10 files: the king castles to i1 / b1.
    {"janus", "r3k4r/10/10/10/10/10/10/R3K4R w KQkq - 0 1", "O-O", "e1i1"},
    {"janus", "r3k4r/10/10/10/10/10/10/R3K4R w KQkq - 0 1", "O-O-O", "e1b1"},
};

TEST_CASE("notation: SAN and UCI of a table of moves, both directions", "[rules][notation]") {
  for (const auto& c : kMoves) {
    INFO(c.variant << " " << c.fen << ": " << c.san << " / " << c.uci);
    const Position pos = test::position_of(c.variant, c.fen);
    const auto from_san = parse_move(pos, c.san);
    INFO("SAN parse: " << (from_san ? "ok" : from_san.error()));
    REQUIRE(from_san);
    const auto from_uci = parse_move(pos, c.uci);
    INFO("UCI parse: " << (from_uci ? "ok" : from_uci.error()));
    REQUIRE(from_uci);
    CHECK(*from_san == *from_uci);
    CHECK(move_to_san(pos, *from_san) == c.san);
    CHECK(move_to_uci(*from_san) == c.uci);
  }
}

TEST_CASE("notation: move kinds behind the notation", "[rules][notation]") {
  SECTION("Janus castling in Mainzer Schach moves the rook over the king") {
    Position pos = test::position_of("mainzer", "r4k4r/11/11/11/11/11/11/R4K4R w KQkq - 0 1");
    const auto short_castle = parse_move(pos, "O-O");
    REQUIRE(short_castle);
    CHECK(short_castle->kind() == MoveKind::Castling);
    StateInfo st;
    pos.do_move(*short_castle, st);
    CHECK(pos.fen() == "r4k4r/11/11/11/11/11/11/R7RK1 b kq - 1 1");
    pos.undo_move(*short_castle);
    const auto long_castle = parse_move(pos, "f1b1");
    REQUIRE(long_castle);
    pos.do_move(*long_castle, st);
    CHECK(pos.fen() == "r4k4r/11/11/11/11/11/11/1KR7R b kq - 1 1");
  }
  SECTION("en passant and promotion") {
    const Position ep = test::position_of("chess", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
    const auto m = parse_move(ep, "exf6");
    REQUIRE(m);
    CHECK(m->kind() == MoveKind::EnPassant);
    CHECK(ep.is_capture(*m));
    const Position promo = test::position_of("mainzer", "5k5/2P8/11/11/11/11/11/5K5 w - - 0 1");
    const auto a = parse_move(promo, "c8=A+");
    REQUIRE(a);
    CHECK(a->kind() == MoveKind::Promotion);
    CHECK(a->promotion() == PieceType::Amazon);
  }
  SECTION("squares up to file l and rank 10") {
    CHECK(square_name(make_square(10, 7)) == "k8");
    CHECK(square_name(make_square(11, 9)) == "l10");
    const Geometry& big = Geometry::of(12, 10);
    CHECK(parse_square("l10", big) == make_square(11, 9));
    CHECK(parse_square("a1", big) == make_square(0, 0));
    CHECK_FALSE(parse_square("l10", Geometry::of(11, 8)));
    CHECK_FALSE(parse_square("k9", Geometry::of(11, 8)));
    CHECK(parse_square("k8", Geometry::of(11, 8)) == make_square(10, 7));
    CHECK_FALSE(parse_square("a0", big));
    CHECK_FALSE(parse_square("a01", big));
    CHECK_FALSE(parse_square("m1", big));
  }
}

struct BadMove {
  std::string_view variant;
  std::string_view fen;
  std::string_view text;
  std::string_view fragment;  // part of the error message
};

const std::vector<BadMove> kBadMoves = {
    {"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "e5", "not a legal move"},
    {"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "e2e5", "not a legal move"},
    {"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "O-O", "not a legal move"},
    {"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "Ja3", "not a legal move"},
    {"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "--", "pass"},
    {"chess", "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "Nd2", "ambiguous"},
    {"chess", "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "Ra3", "ambiguous"},
    {"chess", "4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1", "Qab2", "ambiguous"},
    {"chess", "4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1", "Q1b2", "ambiguous"},
    {"chess", "3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1", "e8", "not a legal move"},
    {"chess", "3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1", "e8=K", "not a legal move"},
    {"chess", "3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1", "e8=A", "not a legal move"},
    {"mainzer", "5k5/2P8/11/11/11/11/11/5K5 w - - 0 1", "c8=K", "not a legal move"},
    {"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "hello", "hello"},
    {"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "Zf3", "unknown piece letter"},
    {"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "e9", "no square"},
    {"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "k4", "no square"},
    {"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "", "not a move"},
    {"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "e8=", "promotion"},
};

TEST_CASE("notation: parse_move rejects illegal, ambiguous and nonsense moves", "[rules][notation]") {
  for (const auto& bad : kBadMoves) {
    INFO(bad.variant << " " << bad.fen << ": \"" << bad.text << "\"");
    const Position pos = test::position_of(bad.variant, bad.fen);
    const auto result = parse_move(pos, bad.text);
    REQUIRE_FALSE(result);
    INFO("error: " << result.error());
    CHECK(result.error().find(bad.fragment) != std::string::npos);
  }
}

// Positions for the round trip: a few of the table's, then positions reached in random games of
// every variant (fixed seeds, so the same positions in every run).
std::vector<Position> round_trip_positions() {
  std::vector<Position> positions;
  for (const auto& c : kMoves) positions.push_back(test::position_of(c.variant, c.fen));
  for (const auto name : variant_names()) {
    const Variant variant = test::variant_named(name);
    std::mt19937 rng(0x5eed + uint32_t(positions.size()));
    for (int game = 0; game < 4; ++game) {
      Position pos;
      pos.set_start(variant);
      std::deque<StateInfo> states;
      for (int ply = 0; ply < 80; ++ply) {
        MoveList moves;
        generate_legal(pos, moves);
        if (moves.empty()) break;
        if (ply % 8 == 7) positions.push_back(pos);
        const Move m = moves[std::uniform_int_distribution<size_t>(0, moves.size() - 1)(rng)];
        pos.do_move(m, states.emplace_back());
      }
      positions.push_back(pos);
    }
  }
  return positions;
}

TEST_CASE("notation: every legal move reads back from its SAN and its UCI", "[rules][notation]") {
  size_t moves_checked = 0;
  for (const Position& pos : round_trip_positions()) {
    MoveList moves;
    generate_legal(pos, moves);
    std::set<std::string> sans;
    std::set<std::string> ucis;
    for (const Move m : moves) {
      const std::string san = move_to_san(pos, m);
      const std::string uci = move_to_uci(m);
      INFO(pos.variant().name << " " << pos.fen() << ": " << san << " / " << uci);
      const auto from_san = parse_move(pos, san);
      const auto from_uci = parse_move(pos, uci);
      REQUIRE(from_san);
      REQUIRE(from_uci);
      CHECK(*from_san == m);
      CHECK(*from_uci == m);
      CHECK(sans.insert(san).second);
      CHECK(ucis.insert(uci).second);
      // The mark says what the move does: '#' mate, '+' check, neither otherwise. A move after
      // which the same side plays on (Extra Move's first move) checks the other king without
      // ending the turn: '+', never '#' (the turn's end decides the mate).
      if (m.kind() != MoveKind::Pass) {
        Position after = pos;
        StateInfo st;
        after.do_move(m, st);
        const Color mover = pos.side_to_move();
        const bool goes_on = after.side_to_move() == mover;
        const Square other_king = after.king_square(~mover);
        const bool royal = pos.variant().king_rule == KingRule::Royal;
        const bool checks = !royal ? false
                            : goes_on ? other_king != kNoSquare && after.attackers_of(mover, other_king, after.pieces())
                                      : after.in_check();
        const bool mate = !goes_on && outcome(after).reason == "checkmate";
        CHECK((san.back() == '#') == mate);
        CHECK((san.back() == '+') == (checks && !mate));
      }
      ++moves_checked;
    }
  }
  CHECK(moves_checked > 5000);
}

}  // namespace
}  // namespace dm
