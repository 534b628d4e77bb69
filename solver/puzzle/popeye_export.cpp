#include "solver/puzzle/popeye_export.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <optional>
#include <sstream>

#include "rules/bitboard.h"
#include "rules/notation.h"
#include "solver/puzzle/popeye_keywords.h"

namespace dm::puzzle {

namespace {

using popeye::Condition;

constexpr std::array kConditions = {Condition::Marseillais, Condition::MarseillaisClassical, Condition::DoubleMove,
                                    Condition::Bennekom,    Condition::LosingChess,          Condition::LosingMarseillais,
                                    Condition::Mainzer};

// Our conditions that Popeye itself knows (4.104): it refuses the others ("could not recognize
// condition"), so a file that names one says so in a remark.
constexpr std::array kPopeyeOwn = {Condition::LosingChess};

// The order pieces are listed in, as problemists do.
constexpr std::array kPieceOrder = {PieceType::King,  PieceType::Queen,    PieceType::Rook,   PieceType::Bishop,
                                    PieceType::Knight, PieceType::Pawn,    PieceType::Janus,  PieceType::Marshall,
                                    PieceType::Amazon};

// Text on one line: the line breaks of a multi-line field become blanks.
std::string one_line(std::string text) {
  for (char& c : text) {
    if (c == '\n' || c == '\r') c = ' ';
  }
  return text;
}

// "white kh1 bg1g2 sd6 pa7": a colour's pieces, kind by kind; empty when it has none.
std::string pieces_of(const Position& pos, Color colour) {
  const Geometry& g = pos.geometry();
  std::string text;
  for (const PieceType type : kPieceOrder) {
    std::string squares;
    for (int rank = 0; rank < g.ranks(); ++rank) {
      for (int file = 0; file < g.files(); ++file) {
        const Square s = make_square(file, rank);
        if (pos.piece_on(s) == make_piece(colour, type)) squares += square_name(s);
      }
    }
    if (!squares.empty()) text += " " + popeye::lowercase(popeye::piece_name(type)) + squares;
  }
  return text.empty() ? "" : (colour == Color::White ? "white" : "black") + text;
}

// `nocastling` squares: the rook of each right the position lacks, its king and rook at home.
std::string no_castling(const Position& pos) {
  const Variant& variant = pos.variant();
  if (!variant.castling.allowed) return "";
  const Geometry& g = pos.geometry();
  std::string squares;
  for (const Color c : {Color::White, Color::Black}) {
    const int rank = c == Color::White ? 0 : g.ranks() - 1;
    if (pos.piece_on(make_square(variant.king_home_file(), rank)) != make_piece(c, PieceType::King)) continue;
    for (const bool queen_side : {false, true}) {
      const Square rook = make_square(queen_side ? 0 : g.files() - 1, rank);
      const bool right = pos.castling_rights() & (1 << castling_index(c, queen_side));
      if (!right && pos.piece_on(rook) == make_piece(c, PieceType::Rook)) squares += square_name(rook);
    }
  }
  return squares;
}

// `enpassant` words: the double step that passed over each square the side to move may take on.
std::string en_passant(const Position& pos) {
  std::string words;
  const int step = pos.side_to_move() == Color::Black ? 1 : -1;  // the direction the pawn went
  for (Bitboard b = pos.ep_squares(); b;) {
    const Square passed = pop_lsb(b);
    const int file = file_of(passed), rank = rank_of(passed);
    words += " enpassant " + square_name(make_square(file, rank - step)) + square_name(passed) +
             square_name(make_square(file, rank + step));
  }
  return words;
}

std::vector<std::string> words_of(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> words;
  for (std::string word; in >> word;) words.push_back(word);
  return words;
}

// "condition Marseillais ep=second", or empty for orthodox chess; nullopt for a variant that is
// no condition of ours.
std::optional<std::string> condition_of(const Variant& variant) {
  if (variant.name == "chess") return "";
  for (const Condition c : kConditions) {
    if (popeye::variant_of(c) != variant.name) continue;
    std::string text = "condition " + std::string(popeye::condition_name(c));
    // The options in force and the defaults name the same keys in the same order.
    const auto given = words_of(variant.describe_options());
    const auto usual = words_of(find_variant(variant.name)->describe_options());
    for (size_t i = 0; i < given.size(); ++i) {
      if (i >= usual.size() || given[i] != usual[i]) text += " " + given[i];
    }
    return text;
  }
  return std::nullopt;
}

// A remark for a condition Popeye cannot read, or empty.
std::string foreign_condition_remark(const Variant& variant) {
  for (const Condition c : kConditions) {
    if (popeye::variant_of(c) != variant.name) continue;
    if (std::find(kPopeyeOwn.begin(), kPopeyeOwn.end(), c) != kPopeyeOwn.end()) return "";
    return "remark condition " + std::string(popeye::condition_name(c)) +
           " is dmsolve's: Popeye does not know it and refuses this problem; dmsolve solve reads this file\n";
  }
  return "";
}

// Popeye's side to move for a stipulation: Black in help play h#N and ser-h#N, else White.
Color default_side(const std::string& stipulation) {
  const bool help = stipulation.starts_with("h") && !stipulation.ends_with(".5");
  return help || stipulation.starts_with("ser-h") ? Color::Black : Color::White;
}

}  // namespace

Expected<std::string> popeye_commands(const Puzzle& puzzle) {
  const Position& pos = puzzle.position;
  const auto condition = condition_of(pos.variant());
  if (!condition) {
    return Expected<std::string>::failure("variant '" + std::string(pos.variant().name) +
                                          "' has no Popeye condition (known: " +
                                          std::string(popeye::condition_names()) + ")");
  }
  if (pos.mid_turn()) {
    return Expected<std::string>::failure("the position is in the middle of a turn (FEN side '" +
                                          std::string(pos.side_to_move() == Color::White ? "w" : "b") +
                                          "1'), which Popeye input cannot say");
  }
  const std::string stipulation = puzzle.stipulation.to_string();
  std::string text;
  if (!puzzle.id.empty()) text += "title " + one_line(puzzle.id) + "\n";
  if (!puzzle.author.empty()) text += "author " + one_line(puzzle.author) + "\n";
  if (!puzzle.source.empty()) text += "origin " + one_line(puzzle.source) + "\n";
  text += "pieces";
  for (const Color c : {Color::White, Color::Black}) {
    if (const std::string pieces = pieces_of(pos, c); !pieces.empty()) text += " " + pieces;
  }
  text += "\nstipulation " + stipulation + "\n";
  text += foreign_condition_remark(pos.variant());
  if (!condition->empty()) text += *condition + "\n";
  std::string options;
  if (pos.side_to_move() != default_side(stipulation)) options += " halfduplex";
  if (const std::string squares = no_castling(pos); !squares.empty()) options += " nocastling " + squares;
  options += en_passant(pos);
  if (!options.empty()) text += "option" + options + "\n";
  return text;
}

std::string popeye_file(const std::vector<std::string>& problems) {
  std::string text = "beginproblem\n";
  for (size_t i = 0; i < problems.size(); ++i) text += (i ? "\nnextproblem\n\n" : "") + problems[i];
  return text + "endproblem\n";
}

}  // namespace dm::puzzle
