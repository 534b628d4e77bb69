// FEN reading and writing for Position (docs/rules.md section 7): the input boundary of the rules
// engine, so every problem is reported as a FenError naming the field, never by printing.

#include <algorithm>
#include <cctype>
#include <charconv>
#include <limits>
#include <vector>

#include "rules/notation.h"
#include "rules/piece.h"
#include "rules/position.h"

namespace dm {

namespace {

std::vector<std::string_view> split_fields(std::string_view text) {
  std::vector<std::string_view> fields;
  size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
    const size_t start = i;
    while (i < text.size() && !std::isspace(static_cast<unsigned char>(text[i]))) ++i;
    if (i > start) fields.push_back(text.substr(start, i - start));
  }
  return fields;
}

std::optional<int> parse_count(std::string_view text) {
  int value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || value < 0) return std::nullopt;
  return value;
}

// The counters' largest values: the halfmove clock is kept in 16 bits, and play goes on counting
// full moves from the number (an int) without overflowing it.
constexpr int kMaxHalfmoveClock = std::numeric_limits<uint16_t>::max();
constexpr int kMaxFullmoveNumber = 1 << 30;

FenError error(std::string field, std::string message) { return {std::move(field), std::move(message)}; }

std::string color_name(Color c) { return c == Color::White ? "White" : "Black"; }

}  // namespace

// What the square a two-step started from may hold when a FEN lists the e.p. square it passed
// (docs/rules.md section 7, M7, E3, P4):
// - Where the two-step ended its turn (Variant::two_step_ends_turn: one-move turns, Extra
//   Move), nothing of either side has moved since, so the start square is empty, as the passed
//   square is (checked before this) with the pawn in front of it.
// - Where later moves of the same turn may follow it (Marseillais, Double Move, Bennekom,
//   Losing Marseillais, progressive series), one of them may have put a piece of the same side
//   there, but never a pawn (pawns never move back to their second rank, and the one that stood
//   there left it); and a piece of the capturing side only once that side's own turn is under
//   way (before, it has not moved since the two-step).
std::optional<std::string> Position::impossible_two_step_start(Square passed, Color passed_by) const {
  const Square start = Square(passed - pawn_forward(passed_by));
  const Piece there = board_[start];
  if (there == Piece::None) return std::nullopt;
  const std::string from = "the pawn on " + square_name(Square(passed + pawn_forward(passed_by))) +
                           " cannot have just come from " + square_name(start) + ", ";
  if (variant_.two_step_ends_turn()) return from + "which is occupied";
  if (type_of(there) == PieceType::Pawn) return from + "where a pawn stands";
  if (color_of(there) != passed_by && !later_move()) {
    return from + "where " + color_name(~passed_by) + ", who has not moved since, has a piece";
  }
  return std::nullopt;
}

std::optional<FenError> Position::set(const Variant& variant, std::string_view fen) {
  variant_ = variant;
  clear();
  const auto fields = split_fields(fen);
  if (fields.empty()) return error("board", "empty FEN");
  if (fields.size() < 4) return error("fields", "expected at least 4 fields (board, side, castling, e.p.), got " + std::to_string(fields.size()));
  if (fields.size() > 6) return error("fields", "expected at most 6 fields, got " + std::to_string(fields.size()));
  if (auto wrong = read_board(fields[0])) return wrong;
  if (auto wrong = read_side_and_counters(fields)) return wrong;
  if (auto wrong = check_kings()) return wrong;
  if (auto wrong = read_castling(fields[2])) return wrong;
  if (auto wrong = read_en_passant(fields[3])) return wrong;
  if (auto wrong = check_who_is_in_check(fields[1])) return wrong;
  const Square king = king_square(side_);
  update_king_safety(variant.king_rule == KingRule::Royal ? attackers_to(king) & pieces(~side_) : 0);
  st_->key = compute_key();
  return std::nullopt;
}

std::optional<FenError> Position::read_board(std::string_view board) {
  const Geometry& g = *geometry_;
  // Board: ranks from the top, '/' between them, runs of empty squares as numbers.
  const int rows = int(std::count(board.begin(), board.end(), '/')) + 1;
  if (rows != g.ranks()) {
    return error("board", "has " + std::to_string(rows) + " ranks, expected " + std::to_string(g.ranks()) +
                              (rows > g.ranks() ? " (more than " + std::to_string(g.ranks()) + " ranks)" : ""));
  }
  int rank = g.ranks() - 1;
  int file = 0;
  for (size_t i = 0; i < board.size(); ++i) {
    const char c = board[i];
    const std::string where = "rank " + std::to_string(rank + 1);
    if (c == '/') {
      if (file != g.files()) {
        return error("board", where + " has " + std::to_string(file) + " squares, expected " + std::to_string(g.files()));
      }
      if (--rank < 0) return error("board", "more than " + std::to_string(g.ranks()) + " ranks");
      file = 0;
    } else if (std::isdigit(static_cast<unsigned char>(c))) {
      size_t end = i;
      while (end < board.size() && std::isdigit(static_cast<unsigned char>(board[end]))) ++end;
      // A count too large for an int is as wrong as one too large for the rank.
      const auto run = parse_count(board.substr(i, end - i));
      if (run && *run == 0) return error("board", where + ": an empty-square count of 0");
      if (!run || *run > g.files() - file) {
        return error("board", where + " has more than " + std::to_string(g.files()) + " squares");
      }
      file += *run;
      i = end - 1;
    } else {
      const PieceType t = piece_type_from_letter(c);
      if (t == PieceType::None) return error("board", where + ": unknown piece letter '" + std::string(1, c) + "'");
      if (!variant_.allows(t)) {
        return error("board", where + ": piece '" + std::string(1, c) + "' does not exist in " + std::string(variant_.name));
      }
      if (file >= g.files()) return error("board", where + " has more than " + std::to_string(g.files()) + " squares");
      if (t == PieceType::Pawn && (rank == 0 || rank == g.ranks() - 1)) {
        return error("board", "pawn on " + square_name(make_square(file, rank)) + ", on the first or last rank");
      }
      put_piece(make_piece(std::isupper(static_cast<unsigned char>(c)) ? Color::White : Color::Black, t),
                make_square(file, rank));
      ++file;
    }
  }
  if (rank != 0) return error("board", "has " + std::to_string(g.ranks() - rank) + " ranks, expected " + std::to_string(g.ranks()));
  if (file != g.files()) {
    return error("board", "rank 1 has " + std::to_string(file) + " squares, expected " + std::to_string(g.files()));
  }
  return std::nullopt;
}

std::optional<FenError> Position::read_side_and_counters(const std::vector<std::string_view>& fields) {
  // Side to move: w or b, with the moves left in the turn under way where it is (w1/b1, or wN/bN
  // in a progressive series, P6); the move number comes first, as a series' length is its number.
  const std::string_view side = fields[1];
  const int left_given = side.size() > 1 ? parse_count(side.substr(1)).value_or(0) : -1;  // -1: not given
  if (side.empty() || (side[0] != 'w' && side[0] != 'b') || left_given == 0) {
    return error("side", "'" + std::string(side) + "' is not w or b, or w1/b1 (wN/bN: N moves left in the turn)");
  }
  side_ = side[0] == 'w' ? Color::White : Color::Black;
  if (fields.size() >= 5) {
    const auto halfmove = parse_count(fields[4]);
    if (!halfmove || *halfmove > kMaxHalfmoveClock) {
      return error("halfmove clock", "'" + std::string(fields[4]) + "' is not a count up to " + std::to_string(kMaxHalfmoveClock));
    }
    st_->rule50 = uint16_t(*halfmove);
  }
  if (fields.size() == 6) {
    const auto fullmove = parse_count(fields[5]);
    if (!fullmove || *fullmove == 0 || *fullmove > kMaxFullmoveNumber) {
      return error("fullmove number",
                   "'" + std::string(fields[5]) + "' is not a positive count up to " + std::to_string(kMaxFullmoveNumber));
    }
    fullmove_ = *fullmove;
  }
  const int turn = turn_length();
  // N moves left of a turn under way is fewer than the turn's; in a single-move variant w1 is w.
  if (left_given > turn || (left_given == turn && turn > 1)) {
    return error("side", "'" + std::string(side) + "' leaves " + std::to_string(left_given) + " moves of a turn of " +
                             std::to_string(turn));
  }
  // Extra Move's first turn is one move wherever the game is at move number 1 (E1, E7): there w
  // is the same turn as w1, as a second move of White's at move number 1 could not be written.
  st_->moves_left = uint8_t(left_given > 0 ? left_given : first_turn_at_move_one() ? 1 : turn);
  return std::nullopt;
}

std::optional<FenError> Position::check_kings() const {
  // One king a side; where kings are captured (D2), the side to move may have lost its own: the
  // game is over (a proof's last position).
  if (variant_.king_rule != KingRule::Ordinary) {
    for (const Color c : {Color::White, Color::Black}) {
      const int kings = popcount(pieces(c, PieceType::King));
      const bool captured = kings == 0 && c == side_ && variant_.king_rule == KingRule::Capturable;
      if (kings != 1 && !captured) {
        return error("board", color_name(c) + " has " + std::to_string(kings) + " kings, expected 1");
      }
    }
  }
  return std::nullopt;
}

std::optional<FenError> Position::read_castling(std::string_view castling) {
  const Geometry& g = *geometry_;
  // Castling: KQkq name the outermost rooks on each side of the king.
  if (castling != "-") {
    if (!variant_.castling.allowed) {
      return error("castling", "'" + std::string(castling) + "' but " + std::string(variant_.name) + " has no castling");
    }
    for (const char c : castling) {
      const Color color = std::isupper(static_cast<unsigned char>(c)) ? Color::White : Color::Black;
      const char upper = char(std::toupper(static_cast<unsigned char>(c)));
      if (upper != 'K' && upper != 'Q') return error("castling", "unknown letter '" + std::string(1, c) + "'");
      const bool queen_side = upper == 'Q';
      if (st_->castling_rights & (1u << castling_index(color, queen_side))) {
        return error("castling", "letter '" + std::string(1, c) + "' repeated");
      }
      const Square king = king_square(color);
      const int back_rank = color == Color::White ? 0 : g.ranks() - 1;
      if (king == kNoSquare || rank_of(king) != back_rank) {
        return error("castling", "'" + std::string(1, c) + "' but " + color_name(color) + "'s king is not on its back rank");
      }
      Bitboard rooks = pieces(color, PieceType::Rook) & g.rank_bb(back_rank);
      rooks &= queen_side ? (square_bb(king) - 1) : ~((square_bb(king) << 1) - 1);
      if (!rooks) {
        return error("castling", "'" + std::string(1, c) + "' but " + color_name(color) + " has no rook on the " +
                                     (queen_side ? "queen's" : "king's") + " side of the king");
      }
      // A king that castles has not moved (docs/rules.md M8, D3, Z4; Chess960 is no variant here).
      // Elsewhere its castling could go the wrong way or one square, as a plain king move.
      if (const Square home = make_square(variant_.king_home_file(), back_rank); king != home) {
        return error("castling", "'" + std::string(1, c) + "' but " + color_name(color) +
                                     "'s king is not on its initial square " + square_name(home));
      }
      setup_castling(color, queen_side, queen_side ? lsb(rooks) : msb(rooks));
    }
  }
  return std::nullopt;
}

std::optional<FenError> Position::read_en_passant(std::string_view ep) {
  const Geometry& g = *geometry_;
  // E.p.: the passed-over squares of the pawns that may be taken now (or, mid-turn, the squares
  // the side to move's own pawns passed over this turn).
  if (ep != "-") {
    size_t i = 0;
    while (i < ep.size()) {
      size_t end = i + 1;
      while (end < ep.size() && std::isdigit(static_cast<unsigned char>(ep[end]))) ++end;
      const std::string_view name = ep.substr(i, end - i);
      const auto s = parse_square(name, g);
      if (!s) return error("e.p.", "'" + std::string(name) + "' is not a square of this board");
      const Color passed_by = rank_of(*s) == 2 ? Color::White : rank_of(*s) == g.ranks() - 3 ? Color::Black : side_;
      const int step = pawn_forward(passed_by);
      if (rank_of(*s) != 2 && rank_of(*s) != g.ranks() - 3) {
        return error("e.p.", std::string(name) + " is not on the third or sixth rank");
      }
      if (passed_by == side_) {
        if (!mid_turn()) {
          if (board_[*s + step] != make_piece(passed_by, PieceType::Pawn)) {
            return error("e.p.", std::string(name) + " is not behind a pawn that has just advanced two squares");
          }
          return error("e.p.", std::string(name) +
                                   " is behind a pawn of the side to move (the square is one the other side's "
                                   "pawn passed over)");
        }
        // Passed over this turn by the mover's own pawn: whether it becomes a right is read from
        // the board when the turn ends (M7, P4); a longer series may have moved on since.
        st_->ep_pending |= square_bb(*s);
      } else {
        if (board_[*s] != Piece::None || board_[*s + step] != make_piece(passed_by, PieceType::Pawn)) {
          return error("e.p.", std::string(name) + " is not behind a pawn that has just advanced two squares");
        }
        if (const auto wrong = impossible_two_step_start(*s, passed_by)) {
          return error("e.p.", std::string(name) + ": " + *wrong);
        }
        // Under ep=second only a two-step that ended the turn gives the right (M7): one whose
        // square was filled again afterwards gives none, as a square no pawn could use.
        const bool refilled = board_[*s - step] != Piece::None;
        if (!(refilled && variant_.options.en_passant == EnPassantRule::Second)) st_->ep_squares |= square_bb(*s);
      }
      i = end;
    }
    st_->ep_squares = capturable_ep(st_->ep_squares, ~side_);
    // Under ep=none (M7) there is no e.p. at all: a FEN's squares grant nothing.
    if (variant_.is_multi_move() && variant_.options.en_passant == EnPassantRule::None) {
      st_->ep_squares = st_->ep_pending = 0;
    }
  }
  return std::nullopt;
}

std::optional<FenError> Position::check_who_is_in_check(std::string_view side) const {
  if (variant_.king_rule == KingRule::Royal) {
    // Only within a turn where a check goes on (Extra Move, E4) may the side not to move be in
    // check: past the turn's first move, not at White's one-move first turn (E7).
    const Square their_king = king_square(~side_);
    const bool check_goes_on = later_move() && variant_.check_in_turn == CheckInTurn::Continues;
    if ((attackers_to(their_king) & pieces(side_)) && !check_goes_on) {
      return error("side", color_name(~side_) + " is not to move but is in check");
    }
    // Mid-turn the mover's first move left its king safe (M3), so it cannot be in check; but
    // Extra Move's first turn at move number 1 begins here (E7), and may begin in check.
    if (mid_turn() && !first_turn_at_move_one() && (attackers_to(king_square(side_)) & pieces(~side_))) {
      return error("side", "'" + std::string(side) + "' (within a turn) but " + color_name(side_) + " is in check");
    }
  }
  return std::nullopt;
}

std::string Position::fen() const {
  // Built with appends rather than a stream: proof checking writes a FEN for every turn.
  const Geometry& g = *geometry_;
  std::string out;
  out.reserve(96);
  for (int rank = g.ranks() - 1; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < g.files(); ++file) {
      const Piece p = board_[make_square(file, rank)];
      if (p == Piece::None) {
        ++empty;
        continue;
      }
      if (empty) out += std::to_string(empty);
      empty = 0;
      out += piece_letter(p);
    }
    if (empty) out += std::to_string(empty);
    if (rank) out += '/';
  }
  out += ' ';
  out += side_ == Color::White ? 'w' : 'b';
  // Extra Move's one-move first turn is a whole turn, written w as in the initial array (E7).
  if (variant_.is_multi_move() && mid_turn() && !first_turn_at_move_one()) out += std::to_string(st_->moves_left);
  out += ' ';
  if (!st_->castling_rights) out += '-';
  for (const char letter : {'K', 'Q', 'k', 'q'}) {
    const Color c = letter == 'K' || letter == 'Q' ? Color::White : Color::Black;
    if (st_->castling_rights & (1u << castling_index(c, letter == 'Q' || letter == 'q'))) out += letter;
  }
  out += ' ';
  const Bitboard ep = st_->ep_squares | st_->ep_pending;
  if (!ep) out += '-';
  for (Bitboard b = ep; b;) out += square_name(pop_lsb(b));
  out += ' ';
  out += std::to_string(st_->rule50);
  out += ' ';
  out += std::to_string(fullmove_);
  return out;
}

}  // namespace dm
