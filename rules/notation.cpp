#include "rules/notation.h"

#include <algorithm>
#include <cctype>
#include <vector>

#include "rules/movegen.h"
#include "rules/outcome.h"
#include "rules/piece.h"

namespace dm {

namespace {

bool is_file_letter(char c) { return c >= 'a' && c < char('a' + kMaxFiles); }
bool is_digit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }

// The check mark SAN adds after m: '#' for mate, '+' for check, nothing otherwise. A move
// within a turn that goes on (Extra Move chess's first move, E4) checks the other side's king
// without ending the turn: '+', the mate being known only when the turn ends.
std::string_view check_mark(const Position& pos, Move m) {
  if (pos.variant().king_rule != KingRule::Royal) return "";
  Position after = pos;
  StateInfo st;
  after.do_move(m, st);
  if (after.side_to_move() == pos.side_to_move()) return pos.gives_check(m, pos.check_info()) ? "+" : "";
  if (!after.in_check()) return "";
  return outcome(after).reason == "checkmate" ? "#" : "+";
}

// The parts of a SAN move, before it is matched against the legal moves.
struct SanParts {
  PieceType piece = PieceType::Pawn;
  std::optional<int> from_file;
  std::optional<int> from_rank;
  Square to = kNoSquare;
  PieceType promotion = PieceType::None;
  int castling = 0;  // 1 = O-O, 2 = O-O-O
};

Expected<SanParts> split_san(std::string_view text, const Geometry& g) {
  using Result = Expected<SanParts>;
  SanParts parts;
  std::string san(text);
  while (!san.empty() && (san.back() == '+' || san.back() == '#' || san.back() == '!' || san.back() == '?')) {
    san.pop_back();
  }
  if (san == "O-O" || san == "0-0") {
    parts.castling = 1;
    return parts;
  }
  if (san == "O-O-O" || san == "0-0-0") {
    parts.castling = 2;
    return parts;
  }
  std::string body;
  for (const char c : san) {
    if (c != 'x' && c != ':' && c != '-') body += c;
  }
  if (body.empty()) return Result::failure("'" + std::string(text) + "' is not a move");
  // Promotion: "=Q" or a trailing piece letter.
  const size_t equals = body.find('=');
  if (equals != std::string::npos) {
    if (equals + 2 != body.size()) return Result::failure("'" + std::string(text) + "': bad promotion");
    parts.promotion = piece_type_from_letter(body[equals + 1]);
    if (parts.promotion == PieceType::None) return Result::failure("'" + std::string(text) + "': unknown promotion piece");
    body.resize(equals);
  } else if (body.size() > 2 && std::isupper(static_cast<unsigned char>(body.back()))) {
    parts.promotion = piece_type_from_letter(body.back());
    if (parts.promotion == PieceType::None) return Result::failure("'" + std::string(text) + "': unknown promotion piece");
    body.pop_back();
  }
  if (std::isupper(static_cast<unsigned char>(body[0]))) {
    parts.piece = piece_type_from_letter(body[0]);
    if (parts.piece == PieceType::None || parts.piece == PieceType::Pawn) {
      return Result::failure("'" + std::string(text) + "': unknown piece letter '" + std::string(1, body[0]) + "'");
    }
    body.erase(0, 1);
  }
  // The destination is the last square: a file letter and its rank digits.
  size_t rank_start = body.size();
  while (rank_start > 0 && is_digit(body[rank_start - 1])) --rank_start;
  if (rank_start == body.size() || rank_start == 0) return Result::failure("'" + std::string(text) + "': no destination square");
  const auto to = parse_square(std::string_view(body).substr(rank_start - 1), g);
  if (!to) return Result::failure("'" + std::string(text) + "': no square " + body.substr(rank_start - 1) + " on this board");
  parts.to = *to;
  // What is left disambiguates: a file, a rank, or both.
  const std::string rest = body.substr(0, rank_start - 1);
  size_t i = 0;
  if (i < rest.size() && is_file_letter(rest[i])) parts.from_file = rest[i++] - 'a';
  if (i < rest.size()) {
    // A rank past every board stops growing (it matches no move) rather than overflow.
    int rank = 0;
    for (; i < rest.size() && is_digit(rest[i]); ++i) rank = std::min(rank * 10 + (rest[i] - '0'), kMaxRanks + 1);
    if (i != rest.size() || rank == 0) return Result::failure("'" + std::string(text) + "' is not a move");
    parts.from_rank = rank - 1;
  }
  return parts;
}

}  // namespace

std::string square_name(Square s) {
  return std::string(1, char('a' + file_of(s))) + std::to_string(rank_of(s) + 1);
}

std::optional<Square> parse_square(std::string_view text, const Geometry& g) {
  if (text.size() < 2 || text.size() > 3 || !is_file_letter(text[0])) return std::nullopt;
  int rank = 0;
  for (const char c : text.substr(1)) {
    if (!is_digit(c)) return std::nullopt;
    rank = rank * 10 + (c - '0');
  }
  if (text[1] == '0' || !g.contains(text[0] - 'a', rank - 1)) return std::nullopt;
  return make_square(text[0] - 'a', rank - 1);
}

std::string move_to_uci(Move m) {
  if (m.kind() == MoveKind::Pass) return "0000";
  std::string text = square_name(m.from()) + square_name(m.to());
  if (m.kind() == MoveKind::Promotion) {
    text += char(std::tolower(static_cast<unsigned char>(describe(m.promotion()).letter)));
  }
  return text;
}

std::string move_to_san(const Position& pos, Move m) {
  if (m.kind() == MoveKind::Pass) return "--";
  const Square from = m.from();
  const Square to = m.to();
  std::string san;
  if (m.kind() == MoveKind::Castling) {
    san = file_of(to) > file_of(from) ? "O-O" : "O-O-O";
  } else {
    const PieceType piece = type_of(pos.piece_on(from));
    const bool capture = pos.is_capture(m);
    if (piece == PieceType::Pawn) {
      if (capture) san += char('a' + file_of(from));
    } else {
      san += describe(piece).letter;
      // Moves are symmetric (piece.h): another piece of the kind reaches `to` only from a square
      // it would reach from `to`, or by castling. Where none can (nearly always), no move is made.
      const Bitboard others = pos.geometry().attacks(piece, to, pos.pieces()) &
                              pos.pieces(pos.side_to_move(), piece) & ~square_bb(from);
      MoveList moves;
      if (others || (piece == PieceType::King && pos.castling_rights())) generate_legal(pos, moves);
      bool ambiguous = false;
      bool same_file = false;
      bool same_rank = false;
      for (const Move other : moves) {
        if (other.to() != to || other.from() == from || type_of(pos.piece_on(other.from())) != piece) continue;
        ambiguous = true;
        same_file |= file_of(other.from()) == file_of(from);
        same_rank |= rank_of(other.from()) == rank_of(from);
      }
      if (ambiguous) {
        const std::string name = square_name(from);
        san += !same_file ? name.substr(0, 1) : !same_rank ? name.substr(1) : name;
      }
    }
    if (capture) san += 'x';
    san += square_name(to);
    if (m.kind() == MoveKind::Promotion) {
      san += '=';
      san += describe(m.promotion()).letter;
    }
  }
  san += check_mark(pos, m);
  return san;
}

Expected<Move> parse_move(const Position& pos, std::string_view text) {
  using Result = Expected<Move>;
  MoveList moves;
  generate_legal(pos, moves);
  if (text == "--" || text == "0000" || text == "pass") {
    for (const Move m : moves) {
      if (m.kind() == MoveKind::Pass) return m;
    }
    return Result::failure("a pass is not allowed here");
  }
  for (const Move m : moves) {
    if (move_to_uci(m) == text) return m;
  }
  const auto parts = split_san(text, pos.geometry());
  if (!parts) return Result::failure(parts.error());
  std::vector<Move> matches;
  for (const Move m : moves) {
    if (m.kind() == MoveKind::Pass) continue;
    if (parts->castling) {
      const bool king_side = file_of(m.to()) > file_of(m.from());
      if (m.kind() == MoveKind::Castling && king_side == (parts->castling == 1)) matches.push_back(m);
      continue;
    }
    if (m.kind() == MoveKind::Castling || m.to() != parts->to) continue;
    if (type_of(pos.piece_on(m.from())) != parts->piece || m.promotion() != parts->promotion) continue;
    if (parts->from_file && file_of(m.from()) != *parts->from_file) continue;
    if (parts->from_rank && rank_of(m.from()) != *parts->from_rank) continue;
    matches.push_back(m);
  }
  if (matches.size() == 1) return matches.front();
  if (matches.empty()) return Result::failure("'" + std::string(text) + "' is not a legal move");
  return Result::failure("'" + std::string(text) + "' is ambiguous");
}

}  // namespace dm
