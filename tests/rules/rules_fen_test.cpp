// FEN reading and writing (docs/rules.md section 7): canonical FENs of every variant are written
// back exactly; accepted non-canonical input is normalised; every kind of bad FEN is rejected
// with a FenError naming the field at fault. The expectations are the rule book's own: no
// published oracle is needed for a format.

#include <catch2/catch.hpp>

#include "rules/piece.h"
#include "rules/position.h"
#include "rules/outcome.h"
#include "test_data.h"

namespace dm {
namespace {

struct FenCase {
  std::string_view variant;
  std::string_view fen;
};

// FENs that Position::fen() must write back character for character.
const std::vector<FenCase> kCanonical = {
    {"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
    {"chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"},
    {"chess", "r3k2r/8/8/8/8/8/8/R3K2R b Kq - 12 40"},
    {"chess", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"},
    {"chess", "rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 2"},
    {"chess", "8/8/8/8/8/8/8/K6k w - - 99 123"},
    // Marseillais: w/b start a full turn, w1/b1 have one move left; e.p. fields of two squares.
    {"marseillais", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
    {"marseillais", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w1 KQkq e3 0 1"},
    {"marseillais", "rnbqkbnr/ppp2ppp/8/2PppP2/8/8/PP1PP1PP/RNBQKBNR w KQkq d6e6 0 3"},
    {"marseillais", "rnbqkbnr/ppp2ppp/8/2PppP2/8/8/PP1PP1PP/RNBQKBNR w1 KQkq d6e6 0 3"},
    {"marseillais", "rnbqkbnr/pp1pp1pp/8/8/2pPPp2/8/PPP2PPP/RNBQKBNR b KQkq d3e3 0 3"},
    {"marseillais", "rnbqkbnr/pppp1ppp/8/4p3/3PP3/8/PPP2PPP/RNBQKBNR b1 KQkq e6 0 2"},
    {"marseillais-classical", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b1 KQkq - 0 1"},
    {"bennekom", "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R w1 KQkq - 1 1"},
    // Double Move chess: the side not to move may stand in check (there is no check).
    {"doublemove", "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1"},
    {"doublemove", "4k3/8/8/8/8/8/8/4R1K1 b1 - - 0 1"},
    // Losing chess: any number of kings, none at all, no castling.
    {"antichess", "8/1p6/8/8/8/8/P7/8 w - - 0 1"},
    {"antichess", "k1k5/8/8/8/8/8/8/KK6 b - - 0 1"},
    {"antichess", "rnbqkbnr/pppp1ppp/8/8/3pP3/8/PPP2PPP/RNBQKBNR b - e3 0 3"},
    {"losing-marseillais", "rnbqkbnr/pppppppp/8/8/8/4P3/PPPP1PPP/RNBQKBNR w1 - - 0 1"},
    // Mainzer Schach on 11 files: "11" runs, fairy letters, e.p. on the i and b files.
    {"mainzer", "rjbbqkmnnjr/ppppppppppp/11/11/11/11/PPPPPPPPPPP/RJBBQKMNNJR w KQkq - 0 1"},
    {"mainzer", "r4k4r/11/11/11/11/11/11/R4K4R w KQkq - 0 1"},
    {"mainzer", "rjbbq2nnjr/p2p2kp1p1/2p4m3/1p2p1pPp1p/2P2Pp3P/10J/PPBPP1M1PPN/RJB1QK1N2R w KQ i6 0 11"},
    {"mainzer", "rjbbqkm1njr/p2ppnpp1pp/11/1pP2p2p2/4P2P2P/4Q6/P1PP1PP1PP1/RJBB1KMNNJR w KQkq b6 0 7"},
    {"mainzer", "a4k4A/11/11/11/11/11/10m/M4K5 b - - 0 60"},
    // The reference 10x8 and 8x8 boards.
    {"janus", "rjnbkqbnjr/pppppppppp/10/10/10/10/PPPPPPPPPP/RJNBKQBNJR w KQkq - 0 1"},
    {"capablanca", "rnjbqkbmnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNJBQKBMNR w KQkq - 0 1"},
    {"embassy", "rnbqkmjbnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQKMJBNR w KQkq - 0 1"},
    {"amazon", "rnbakbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBAKBNR w KQkq - 0 1"},
};

TEST_CASE("fen: canonical FENs of every variant round-trip exactly", "[rules][fen]") {
  for (const auto& c : kCanonical) {
    INFO(c.variant << ": " << c.fen);
    const Position pos = test::position_of(c.variant, c.fen);
    CHECK(pos.fen() == c.fen);
    // Reading the written FEN again gives the same position and key.
    const Position again = test::position_of(c.variant, pos.fen());
    CHECK(again.key() == pos.key());
  }
}

TEST_CASE("fen: every variant's start FEN is canonical", "[rules][fen]") {
  for (const auto name : variant_names()) {
    const Variant variant = test::variant_named(name);
    INFO(name << ": " << variant.start_fen);
    CHECK(test::position_of(variant, variant.start_fen).fen() == variant.start_fen);
  }
}

TEST_CASE("fen: fields read as RULES.md says", "[rules][fen]") {
  SECTION("w/b start a full turn, w1/b1 leave one move") {
    CHECK(test::position_of("marseillais", "4k3/8/8/8/8/8/8/4K3 w - - 0 1").moves_left() == 2);
    const Position one = test::position_of("marseillais", "4k3/8/8/8/8/8/8/4K3 b1 - - 0 1");
    CHECK(one.moves_left() == 1);
    CHECK(one.mid_turn());
    CHECK(one.side_to_move() == Color::Black);
  }
  SECTION("in single-move variants w1 equals w") {
    const Position pos = test::position_of("chess", "4k3/8/8/8/8/8/8/4K3 w1 - - 0 1");
    CHECK(pos.fen() == "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    CHECK(pos.key() == test::position_of("chess", "4k3/8/8/8/8/8/8/4K3 w - - 0 1").key());
  }
  SECTION("a FEN without halfmove and fullmove numbers is accepted") {
    const Position pos = test::position_of("chess", "r3k2r/8/8/8/8/8/8/R3K2R b KQk -");
    CHECK(pos.fen() == "r3k2r/8/8/8/8/8/8/R3K2R b KQk - 0 1");
    CHECK(pos.side_to_move() == Color::Black);
    const Position mainzer = test::position_of("mainzer", "r4k4r/11/11/11/11/11/11/R4K4R w KQkq -");
    CHECK(mainzer.fen() == "r4k4r/11/11/11/11/11/11/R4K4R w KQkq - 0 1");
    const Position five = test::position_of("chess", "4k3/8/8/8/8/8/8/4K3 w - - 7");
    CHECK(five.rule50() == 7);
    CHECK(five.fen() == "4k3/8/8/8/8/8/8/4K3 w - - 7 1");
  }
  SECTION("e.p. squares are written in increasing square order") {
    const Position pos = test::position_of("marseillais", "rnbqkbnr/ppp2ppp/8/2PppP2/8/8/PP1PP1PP/RNBQKBNR w KQkq e6d6 0 3");
    CHECK(pos.fen() == "rnbqkbnr/ppp2ppp/8/2PppP2/8/8/PP1PP1PP/RNBQKBNR w KQkq d6e6 0 3");
    CHECK(pos.ep_squares() == (square_bb(make_square(3, 5)) | square_bb(make_square(4, 5))));
  }
  SECTION("an e.p. square where no pawn can capture is accepted and dropped") {
    const Position pos = test::position_of("chess", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    CHECK(pos.fen() == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    CHECK(pos.ep_squares() == 0);
    CHECK(pos.key() == test::position_of("chess", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1").key());
  }
  SECTION("where a later move of the turn may follow a two-step, its start square may be filled again") {
    // Marseillais 1...e7-e5, Ng8-e7 (M7): the right stands under ep=any and not under ep=second,
    // where only a two-step that ended the turn gives one.
    const std::string fen = "4k3/4n3/8/3Pp3/8/8/8/4K3 w - e6 0 1";
    CHECK(test::position_of("marseillais", fen).ep_squares() == square_bb(make_square(4, 5)));
    const Position second = test::position_of(test::variant_with("marseillais", {"ep=second"}), fen);
    CHECK(second.ep_squares() == 0);
    CHECK(second.fen() == "4k3/4n3/8/3Pp3/8/8/8/4K3 w - - 0 1");
    // White, mid-turn after an e.p. capture, may have moved; a progressive series as Marseillais.
    Position mid_turn;
    CHECK_FALSE(mid_turn.set(test::variant_named("marseillais"), "4k3/4N3/8/3Pp3/8/8/8/4K3 w1 - e6 0 2"));
    CHECK(test::position_of("progressive-scottish", "4k3/8/8/8/4Pp2/8/4N3/4K3 b - e3 0 4").ep_squares() != 0);
  }
  SECTION("mid-turn, the mover's own two-step is kept as a pending right") {
    const Position pos = test::position_of("marseillais", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w1 KQkq e3 0 1");
    CHECK(pos.ep_pending() == square_bb(make_square(4, 2)));
    CHECK(pos.ep_squares() == 0);
  }
  SECTION("the board is read square by square") {
    const Position pos = test::position_of("mainzer", "rjbbqkmnnjr/ppppppppppp/11/11/11/11/PPPPPPPPPPP/RJBBQKMNNJR w KQkq - 0 1");
    CHECK(pos.piece_on(make_square(1, 0)) == make_piece(Color::White, PieceType::Janus));
    CHECK(pos.piece_on(make_square(6, 7)) == make_piece(Color::Black, PieceType::Marshall));
    CHECK(pos.piece_on(make_square(10, 1)) == make_piece(Color::White, PieceType::Pawn));
    CHECK(pos.king_square(Color::White) == make_square(5, 0));
    CHECK(popcount(pos.pieces()) == 44);
    CHECK(pos.castling_rights() == 0xF);
  }
}

struct BadFen {
  std::string_view variant;
  std::string_view fen;
  std::string_view field;     // FenError::field
  std::string_view fragment;  // part of FenError::message
};

const std::vector<BadFen> kBad = {
    {"chess", "", "board", "empty"},
    {"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq", "fields", "at least 4"},
    {"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra", "fields", "at most 6"},
    // Board.
    {"chess", "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "board", "rank 7 has 7 squares"},
    {"chess", "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "board", "more than 8 squares"},
    {"chess", "rnbqkbnrp/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "board", "more than 8 squares"},
    // Counts beyond an int, and one that would overflow it once added (found by tests/fuzz/fuzz_fen).
    {"chess", "rnbqkbnr/pppppppp/8/99999999999/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "board", "more than 8 squares"},
    {"chess", "rnbqkbnr/pppppppp/8/1p2147483647/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "board", "more than 8 squares"},
    {"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1", "board", "rank 1 has 7 squares"},
    {"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/8 w KQkq - 0 1", "board", "more than 8 ranks"},
    {"chess", "rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "board", "7 ranks"},
    {"mainzer", "rjbbqkmnnjr/ppppppppppp/12/11/11/11/PPPPPPPPPPP/RJBBQKMNNJR w KQkq - 0 1", "board",
     "more than 11 squares"},
    {"mainzer", "rjbbqkmnnjr/ppppppppppp/10/11/11/11/PPPPPPPPPPP/RJBBQKMNNJR w KQkq - 0 1", "board",
     "rank 6 has 10 squares"},
    {"chess", "rnbqkbnr/pppppppp/8/8/3x4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "board", "unknown piece letter 'x'"},
    {"chess", "rnbqkbnr/pppppppp/8/8/3J4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "board", "does not exist in chess"},
    {"chess", "rnbqkbnr/pppppppp/8/8/3a4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "board", "does not exist in chess"},
    {"chess", "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", "board", "Black has 0 kings"},
    {"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w kq - 0 1", "board", "White has 2 kings"},
    {"mainzer", "rjbbqkmnnjr/ppppppppppp/11/11/11/11/PPPPPPPPPPP/RJBBQ1MNNJR w kq - 0 1", "board", "White has 0 kings"},
    {"mainzer", "rjbbqkmnnjr/ppppppppppp/11/11/5k5/11/PPPPPPPPPPP/RJBBQKMNNJR w KQ - 0 1", "board",
     "Black has 2 kings"},
    {"doublemove", "8/8/8/8/8/8/8/4K3 w - - 0 1", "board", "Black has 0 kings"},
    {"doublemove", "4k3/8/8/8/8/8/8/3KK3 w - - 0 1", "board", "White has 2 kings"},
    {"chess", "P3k3/8/8/8/8/8/8/4K3 w - - 0 1", "board", "pawn on a8"},
    {"antichess", "8/8/8/8/8/8/8/4p3 w - - 0 1", "board", "pawn on e1"},
    {"mainzer", "5k5/11/11/11/11/11/11/5K4P w - - 0 1", "board", "pawn on k1"},
    // Side to move.
    {"chess", "4k3/8/8/8/8/8/8/4K3 x - - 0 1", "side", "'x'"},
    {"marseillais", "4k3/8/8/8/8/8/8/4K3 w2 - - 0 1", "side", "'w2'"},
    {"chess", "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", "side", "Black is not to move but is in check"},
    {"mainzer", "5k5/11/11/11/11/11/11/5m4K b - - 0 1", "side", "White is not to move but is in check"},
    {"marseillais", "4k3/8/8/8/8/8/8/4R1K1 w1 - - 0 1", "side", "in check"},
    // Castling.
    {"chess", "4k3/8/8/8/8/8/8/4K3 w K - 0 1", "castling", "no rook on the king's side"},
    {"chess", "4k2r/8/8/8/8/8/8/4K3 w q - 0 1", "castling", "Black has no rook on the queen's side"},
    {"chess", "4k3/8/8/8/8/8/8/R3K3 w K - 0 1", "castling", "no rook"},
    {"chess", "4k3/8/8/8/8/8/8/5K1R w Q - 0 1", "castling", "no rook on the queen's side"},
    {"chess", "4k3/8/8/8/8/8/4K3/R6R w K - 0 1", "castling", "king is not on its back rank"},
    {"chess", "r3k2r/8/8/8/8/8/8/R3K2R w KKq - 0 1", "castling", "'K' repeated"},
    {"chess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkqk - 0 1", "castling", "'k' repeated"},
    {"chess", "r3k2r/8/8/8/8/8/8/R3K2R w KX - 0 1", "castling", "unknown letter 'X'"},
    // A king off its initial square has moved: its castling would go the wrong way, or one square
    // as a plain king move does (Chess960 is no variant here; found by tests/fuzz/fuzz_fen).
    {"chess", "r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w KQkq - 0 1", "castling",
     "White's king is not on its initial square e1"},
    {"chess", "4k3/8/8/8/8/8/8/RK6 w Q - 0 1", "castling", "not on its initial square e1"},
    {"doublemove", "rk5r/8/8/8/8/8/8/4K3 b kq - 0 1", "castling", "Black's king is not on its initial square e8"},
    {"mainzer", "r3k5r/11/11/11/11/11/11/R4K4R w KQkq - 0 1", "castling",
     "Black's king is not on its initial square f8"},
    {"antichess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "castling", "no castling"},
    {"losing-marseillais", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w k - 0 1", "castling", "no castling"},
    // E.p.
    {"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1", "e.p.", "not behind a pawn"},
    {"chess", "rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq e5 0 1", "e.p.", "not on the third or sixth rank"},
    {"chess", "rnbqkbnr/pppp1ppp/8/8/4p3/8/PPPPPPPP/RNBQKBNR w KQkq e4 0 1", "e.p.", "not on the third or sixth rank"},
    {"chess", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3 0 1", "e.p.", "pawn of the side to move"},
    {"marseillais", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3 0 1", "e.p.", "pawn of the side to move"},
    // No pawn at all: the square is behind none, whoever is to move.
    {"chess", "k7/8/8/8/8/8/8/K7 w - e3 0 1", "e.p.", "e3 is not behind a pawn that has just advanced two squares"},
    {"chess", "k7/8/8/8/8/8/8/K7 b - e6 0 1", "e.p.", "e6 is not behind a pawn that has just advanced two squares"},
    {"chess", "rnbqkbnr/pppp1ppp/4p3/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1", "e.p.", "not behind a pawn"},
    {"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq z6 0 1", "e.p.", "'z6'"},
    {"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq i6 0 1", "e.p.", "'i6'"},
    {"marseillais", "rnbqkbnr/ppp2ppp/8/2PppP2/8/8/PP1PP1PP/RNBQKBNR w KQkq d6e5 0 3", "e.p.", "e5"},
    // The square the two-step started from (fen.cpp): empty where the two-step ended its turn;
    // elsewhere never a pawn, nor a piece of the side that has not moved since.
    {"chess", "4k3/4p3/8/3Pp3/8/8/8/4K3 w - e6 0 1", "e.p.",
     "e6: the pawn on e5 cannot have just come from e7, which is occupied"},
    {"chess", "4k3/4n3/8/3Pp3/8/8/8/4K3 w - e6 0 1", "e.p.", "from e7, which is occupied"},
    {"antichess", "8/4p3/8/3Pp3/8/8/8/8 w - e6", "e.p.", "from e7, which is occupied"},
    {"antichess", "8/8/8/8/4Pp2/8/4N3/8 b - e3", "e.p.",
     "e3: the pawn on e4 cannot have just come from e2, which is occupied"},
    {"mainzer", "5k5/4p6/11/3Pp6/11/11/11/5K5 w - e6 0 1", "e.p.", "from e7, which is occupied"},
    {"extramove", "4k3/4n3/8/3Pp3/8/8/8/4K3 w - e6 0 2", "e.p.", "from e7, which is occupied"},
    {"marseillais", "4k3/4p3/8/3Pp3/8/8/8/4K3 w - e6 0 1", "e.p.", "from e7, where a pawn stands"},
    {"losing-marseillais", "8/4P3/8/3Pp3/8/8/8/8 w - e6 0 1", "e.p.", "from e7, where a pawn stands"},
    {"marseillais", "4k3/4N3/8/3Pp3/8/8/8/4K3 w - e6 0 1", "e.p.",
     "from e7, where White, who has not moved since, has a piece"},
    {"progressive-italian", "4k3/8/8/8/4Pp2/8/4n3/4K3 b - e3 0 4", "e.p.",
     "from e2, where Black, who has not moved since"},
    // Counters.
    {"chess", "4k3/8/8/8/8/8/8/4K3 w - - x 1", "halfmove clock", "'x'"},
    {"chess", "4k3/8/8/8/8/8/8/4K3 w - - -1 1", "halfmove clock", "'-1'"},
    {"chess", "4k3/8/8/8/8/8/8/4K3 w - - 0 0", "fullmove number", "'0'"},
    {"chess", "4k3/8/8/8/8/8/8/4K3 w - - 0 one", "fullmove number", "'one'"},
    // Beyond what the engine counts: the clock's 16 bits, a fullmove number play would overflow.
    {"chess", "4k3/8/8/8/8/8/8/4K3 w - - 65536 1", "halfmove clock", "'65536'"},
    {"chess", "4k3/8/8/8/8/8/8/4K3 b - - 0 2147483647", "fullmove number", "'2147483647'"},
};

TEST_CASE("fen: bad FENs are rejected naming the field", "[rules][fen]") {
  for (const auto& bad : kBad) {
    INFO(bad.variant << ": \"" << bad.fen << "\"");
    Position pos;
    const auto error = pos.set(test::variant_named(bad.variant), bad.fen);
    REQUIRE(error);
    INFO("error: " << error->to_string());
    CHECK(error->field == bad.field);
    CHECK(error->message.find(bad.fragment) != std::string::npos);
    CHECK(error->to_string() == "FEN " + error->field + ": " + error->message);
  }
}

TEST_CASE("fen: what one variant rejects another accepts", "[rules][fen]") {
  // No kings, two kings: fine in losing chess, wrong where the king is royal or capturable.
  for (const std::string_view fen : {"8/8/8/8/8/8/1p6/8 w - - 0 1", "8/8/8/8/8/8/8/KK4kk w - - 0 1"}) {
    INFO(fen);
    Position pos;
    CHECK_FALSE(pos.set(test::variant_named("antichess"), fen));
    CHECK_FALSE(pos.set(test::variant_named("losing-marseillais"), fen));
    CHECK(pos.set(test::variant_named("chess"), fen));
    CHECK(pos.set(test::variant_named("doublemove"), fen));
    CHECK(pos.set(test::variant_named("mainzer"), fen));  // 8 squares a rank on an 11-file board
  }
  // A fairy piece: Mainzer has Amazon, Janus and Marshall, orthodox chess none.
  for (const char letter : {'A', 'J', 'M'}) {
    const std::string fen = std::string("4k3/8/8/8/8/8/8/") + letter + "3K3 w - - 0 1";
    INFO(fen);
    Position pos;
    CHECK(pos.set(test::variant_named("chess"), fen));
    CHECK(pos.set(test::variant_named("marseillais"), fen));
    CHECK_FALSE(pos.set(test::variant_named("mainzer"), std::string("5k5/11/11/11/11/11/11/") + letter + "4K5 w - - 0 1"));
  }
  // A captured king (Double Move chess, D2): the side to move may have lost its own king, which
  // is a finished game (a proof's last position), never the side that moved.
  for (const std::string_view variant : {"doublemove", "chess"}) {
    Position pos;
    const auto error = pos.set(test::variant_named(variant), "8/8/8/8/8/8/8/4K3 b - - 0 1");
    INFO(variant << ": " << (error ? error->to_string() : "accepted"));
    CHECK(error.has_value() == (variant == "chess"));
    if (!error) CHECK(outcome(pos).result == GameResult::WhiteWins);
  }
  // Mid-turn, the mover's own two-step is an accepted e.p. field only in a multi-move variant.
  const std::string own_step = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w1 KQkq e3 0 1";
  Position pos;
  CHECK_FALSE(pos.set(test::variant_named("marseillais"), own_step));
  CHECK(pos.set(test::variant_named("chess"), own_step));
}

}  // namespace
}  // namespace dm
