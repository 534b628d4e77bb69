// The piece letters of the text and HTML output (solver/report/piece_letters.h): SAN rewritten
// into Popeye's English, German and French letters, and the names of --piece-letters.

#include "solver/report/piece_letters.h"

#include <catch2/catch.hpp>

using namespace dm;
using dm::report::PieceLetters;

TEST_CASE("piece letters: SAN in each language, squares and marks kept", "[report][letters]") {
  using report::localized_san;
  // {SAN, en, de, fr}: castling, promotion, a capture naming its file, a Marseillais turn of
  // two moves, an e.p. capture.
  const std::vector<std::array<std::string, 4>> rows = {
      {"O-O-O", "O-O-O", "O-O-O", "O-O-O"},
      {"e8=N+", "e8=S+", "e8=S+", "e8=C+"},
      {"Nbxd7#", "Sbxd7#", "Sbxd7#", "Cbxd7#"},
      {"Qb7,Qf7+", "Qb7,Qf7+", "Db7,Df7+", "Db7,Df7+"},
      {"dxe6 e.p.", "dxe6 e.p.", "dxe6 e.p.", "dxe6 e.p."},
      {"Kxb1,Rxa8", "Kxb1,Rxa8", "Kxb1,Txa8", "Rxb1,Txa8"},
      {"Bb5", "Bb5", "Lb5", "Fb5"},
      {"Jc3xh8", "PRc3xh8", "PRc3xh8", "PRc3xh8"},
      {"Mkd3,Ab6#", "EMkd3,AMb6#", "KNkd3,AMb6#", "IMkd3,AMb6#"},
  };
  for (const auto& row : rows) {
    INFO(row[0]);
    CHECK(localized_san(row[0], PieceLetters::San) == row[0]);
    CHECK(localized_san(row[0], PieceLetters::English) == row[1]);
    CHECK(localized_san(row[0], PieceLetters::German) == row[2]);
    CHECK(localized_san(row[0], PieceLetters::French) == row[3]);
  }
}

TEST_CASE("piece letters: the names of --piece-letters and of the kinds", "[report][letters]") {
  CHECK(report::piece_letters_named("san") == PieceLetters::San);
  CHECK(report::piece_letters_named("en") == PieceLetters::English);
  CHECK(report::piece_letters_named("de") == PieceLetters::German);
  CHECK(report::piece_letters_named("fr") == PieceLetters::French);
  for (const char* bad : {"", "SAN", "english", "es"}) CHECK_FALSE(report::piece_letters_named(bad));
  // Pawns, which SAN never names, are named in the piece lists: Popeye's German "B" (Bauer).
  CHECK(report::piece_name(PieceType::Pawn, PieceLetters::San) == "P");
  CHECK(report::piece_name(PieceType::Pawn, PieceLetters::German) == "B");
  CHECK(report::piece_name(PieceType::Knight, PieceLetters::French) == "C");
}
