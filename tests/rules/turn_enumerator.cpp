#include "tests/rules/turn_enumerator.h"

#include <algorithm>
#include <sstream>

namespace dm::testing {

namespace {

constexpr std::array<std::pair<int, int>, 8> kKnightSteps = {
    {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}};
constexpr std::array<std::pair<int, int>, 8> kKingSteps = {
    {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}}};
constexpr std::array<std::pair<int, int>, 4> kRookDirections = {{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}};
constexpr std::array<std::pair<int, int>, 4> kBishopDirections = {{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}};

int forward_of(Color c) { return c == Color::White ? 1 : -1; }

std::string name(SimpleSquare s) { return std::string(1, char('a' + s.file)) + std::to_string(s.rank + 1); }

bool contains(const std::vector<SimpleSquare>& squares, SimpleSquare s) {
  return std::find(squares.begin(), squares.end(), s) != squares.end();
}

char letter(Piece p) {
  static constexpr std::string_view kLetters = ".PNBRQKJMA";
  const char c = kLetters[size_t(type_of(p))];
  return color_of(p) == Color::White ? c : char(c - 'A' + 'a');
}

}  // namespace

std::string SimpleMove::uci() const {
  if (pass) return "0000";
  std::string text = name(from) + name(to);
  if (promotion != PieceType::None) text += char(letter(make_piece(Color::Black, promotion)));
  return text;
}

SimpleBoard SimpleBoard::from_position(const Position& pos) {
  const Variant& v = pos.variant();
  SimpleBoard b;
  b.king_rule_ = v.king_rule;
  b.compulsory_capture_ = v.compulsory_capture;
  b.same_piece_ = v.later_moves.same_piece;
  b.castling_allowed_ = v.castling.allowed;
  b.moves_per_turn_ = v.moves_per_turn;
  b.ep_rule_ = v.options.en_passant;
  b.no_second_move_ = v.options.no_second_move;
  b.promotions_.assign(v.promotions.begin(), v.promotions.end());
  b.files_ = v.files;
  b.ranks_ = v.ranks;
  for (int rank = 0; rank < b.ranks_; ++rank) {
    for (int file = 0; file < b.files_; ++file) b.at({file, rank}) = pos.piece_on(make_square(file, rank));
  }
  b.side_ = pos.side_to_move();
  b.moves_left_ = pos.moves_left();
  for (int i = 0; i < 4; ++i) {
    if (!(pos.castling_rights() & (1 << i))) continue;
    const Color c = i < 2 ? Color::White : Color::Black;
    const bool queen_side = i % 2 == 1;
    const int back = c == Color::White ? 0 : b.ranks_ - 1;
    const SimpleSquare king = b.find_king(c);
    // The outermost rook of that side on the back rank (docs/rules.md section 7).
    SimpleSquare rook;
    for (int file = 0; file < b.files_; ++file) {
      const SimpleSquare s{queen_side ? file : b.files_ - 1 - file, back};
      if (b.at(s) == make_piece(c, PieceType::Rook)) {
        rook = s;
        break;
      }
    }
    b.castle_right_[size_t(i)] = true;
    b.castle_king_[size_t(i)] = king;
    b.castle_rook_[size_t(i)] = rook;
  }
  for (int rank = 0; rank < b.ranks_; ++rank) {
    for (int file = 0; file < b.files_; ++file) {
      const Square s = make_square(file, rank);
      if ((pos.ep_squares() >> s) & 1) b.ep_now_.push_back({file, rank});
      if ((pos.ep_pending() >> s) & 1) b.ep_pending_.push_back({file, rank});
    }
  }
  if (pos.last_to() != kNoSquare) b.last_to_ = {file_of(pos.last_to()), rank_of(pos.last_to())};
  return b;
}

SimpleSquare SimpleBoard::find_king(Color c) const {
  for (int rank = 0; rank < ranks_; ++rank) {
    for (int file = 0; file < files_; ++file) {
      if (at({file, rank}) == make_piece(c, PieceType::King)) return {file, rank};
    }
  }
  return {};
}

// Looks outwards from s: pawns and leapers one step away, riders along each ray up to the first piece.
bool SimpleBoard::attacked_by(SimpleSquare s, Color by) const {
  auto piece_at = [&](int file, int rank) { return on_board(file, rank) ? at({file, rank}) : Piece::None; };
  const int pawn_rank = s.rank - forward_of(by);
  if (piece_at(s.file - 1, pawn_rank) == make_piece(by, PieceType::Pawn) ||
      piece_at(s.file + 1, pawn_rank) == make_piece(by, PieceType::Pawn)) {
    return true;
  }
  for (const auto& [df, dr] : kKnightSteps) {
    if (piece_at(s.file + df, s.rank + dr) == make_piece(by, PieceType::Knight)) return true;
  }
  for (const auto& [df, dr] : kKingSteps) {
    if (piece_at(s.file + df, s.rank + dr) == make_piece(by, PieceType::King)) return true;
  }
  auto ray_hits = [&](int df, int dr, PieceType rider) {
    for (int file = s.file + df, rank = s.rank + dr; on_board(file, rank); file += df, rank += dr) {
      const Piece p = at({file, rank});
      if (p == Piece::None) continue;
      return p == make_piece(by, rider) || p == make_piece(by, PieceType::Queen);
    }
    return false;
  };
  for (const auto& [df, dr] : kRookDirections) {
    if (ray_hits(df, dr, PieceType::Rook)) return true;
  }
  for (const auto& [df, dr] : kBishopDirections) {
    if (ray_hits(df, dr, PieceType::Bishop)) return true;
  }
  return false;
}

void SimpleBoard::add_pseudo_moves(std::vector<SimpleMove>& moves) const {
  const Color us = side_;
  const int fwd = forward_of(us);
  auto is_enemy = [&](SimpleSquare s) { return at(s) != Piece::None && color_of(at(s)) != us; };
  auto add_pawn_move = [&](SimpleSquare from, SimpleSquare to, bool capture) {
    if (to.rank == (us == Color::White ? ranks_ - 1 : 0)) {
      for (const PieceType t : promotions_) moves.push_back({from, to, t, false, false, false, capture});
    } else {
      moves.push_back({from, to, PieceType::None, false, false, false, capture});
    }
  };
  for (int rank = 0; rank < ranks_; ++rank) {
    for (int file = 0; file < files_; ++file) {
      const SimpleSquare from{file, rank};
      const Piece p = at(from);
      if (p == Piece::None || color_of(p) != us) continue;
      switch (type_of(p)) {
        case PieceType::Pawn: {
          const SimpleSquare one{file, rank + fwd};
          if (on_board(one.file, one.rank) && at(one) == Piece::None) {
            add_pawn_move(from, one, false);
            const SimpleSquare two{file, rank + 2 * fwd};
            const int start_rank = us == Color::White ? 1 : ranks_ - 2;
            if (rank == start_rank && at(two) == Piece::None) add_pawn_move(from, two, false);
          }
          for (const int df : {-1, 1}) {
            const SimpleSquare to{file + df, rank + fwd};
            if (!on_board(to.file, to.rank)) continue;
            if (is_enemy(to)) add_pawn_move(from, to, true);
            if (contains(ep_now_, to) && at(to) == Piece::None) {
              moves.push_back({from, to, PieceType::None, true, false, false, true});
            }
          }
          break;
        }
        case PieceType::Knight:
        case PieceType::King: {
          const auto& steps = type_of(p) == PieceType::Knight ? kKnightSteps : kKingSteps;
          for (const auto& [df, dr] : steps) {
            const SimpleSquare to{file + df, rank + dr};
            if (!on_board(to.file, to.rank)) continue;
            if (at(to) == Piece::None || is_enemy(to)) moves.push_back({from, to, PieceType::None, false, false, false, is_enemy(to)});
          }
          break;
        }
        case PieceType::Bishop:
        case PieceType::Rook:
        case PieceType::Queen: {
          std::vector<std::pair<int, int>> directions;
          if (type_of(p) != PieceType::Bishop) directions.insert(directions.end(), kRookDirections.begin(), kRookDirections.end());
          if (type_of(p) != PieceType::Rook) directions.insert(directions.end(), kBishopDirections.begin(), kBishopDirections.end());
          for (const auto& [df, dr] : directions) {
            for (SimpleSquare to{file + df, rank + dr}; on_board(to.file, to.rank); to = {to.file + df, to.rank + dr}) {
              if (at(to) != Piece::None && !is_enemy(to)) break;
              moves.push_back({from, to, PieceType::None, false, false, false, is_enemy(to)});
              if (at(to) != Piece::None) break;
            }
          }
          break;
        }
        default:
          break;  // no fairy pieces in the variants this enumerator checks
      }
    }
  }
  add_castling(moves);
}

// Orthodox castling (docs/rules.md M8, D3): the king goes two files towards the rook (to the c or g
// file), the rook to the square the king crossed.
void SimpleBoard::add_castling(std::vector<SimpleMove>& moves) const {
  if (!castling_allowed_) return;
  for (const bool queen_side : {false, true}) {
    const int i = 2 * index(side_) + int(queen_side);
    if (!castle_right_[size_t(i)]) continue;
    const SimpleSquare king = castle_king_[size_t(i)];
    const SimpleSquare rook = castle_rook_[size_t(i)];
    if (!king.valid() || !rook.valid()) continue;
    const SimpleSquare king_to{queen_side ? 2 : files_ - 2, king.rank};
    const SimpleSquare rook_to{queen_side ? 3 : files_ - 3, king.rank};
    bool clear = true;
    const int low = std::min({king.file, rook.file, king_to.file, rook_to.file});
    const int high = std::max({king.file, rook.file, king_to.file, rook_to.file});
    for (int file = low; file <= high; ++file) {
      const SimpleSquare s{file, king.rank};
      if (s != king && s != rook && at(s) != Piece::None) clear = false;
    }
    if (!clear) continue;
    if (king_rule_ == KingRule::Royal) {
      // Not out of, through or into check.
      bool safe = true;
      const int step = king_to.file > king.file ? 1 : -1;
      for (int file = king.file;; file += step) {
        if (attacked_by({file, king.rank}, ~side_)) safe = false;
        if (file == king_to.file) break;
      }
      if (!safe) continue;
    }
    moves.push_back({king, king_to, PieceType::None, false, true, false, false});
  }
}

Piece SimpleBoard::apply_on_board(const SimpleMove& m, SimpleSquare* passed) {
  *passed = {};
  if (m.pass) return Piece::None;
  const Piece piece = at(m.from);
  Piece captured = Piece::None;
  if (m.castling) {
    const bool queen_side = m.to.file < m.from.file;
    const int i = 2 * index(side_) + int(queen_side);
    const SimpleSquare rook = castle_rook_[size_t(i)];
    const Piece rook_piece = at(rook);
    at(m.from) = Piece::None;
    at(rook) = Piece::None;
    at(m.to) = piece;
    at({queen_side ? 3 : files_ - 3, m.from.rank}) = rook_piece;
  } else {
    if (m.en_passant) {
      const SimpleSquare victim{m.to.file, m.to.rank - forward_of(side_)};
      captured = at(victim);
      at(victim) = Piece::None;
    } else {
      captured = at(m.to);
    }
    at(m.to) = m.promotion != PieceType::None ? make_piece(side_, m.promotion) : piece;
    at(m.from) = Piece::None;
    if (type_of(piece) == PieceType::Pawn && std::abs(m.to.rank - m.from.rank) == 2) {
      *passed = {m.from.file, m.from.rank + forward_of(side_)};
    }
  }
  // A right is lost when its king or rook moves or is captured.
  for (size_t i = 0; i < 4; ++i) {
    for (const SimpleSquare s : {castle_king_[i], castle_rook_[i]}) {
      if (s == m.from || s == m.to) castle_right_[i] = false;
    }
  }
  return captured;
}

bool SimpleBoard::leaves_king_safe(const SimpleMove& m) const {
  SimpleBoard copy = *this;
  SimpleSquare passed;
  copy.apply_on_board(m, &passed);
  const SimpleSquare king = copy.find_king(side_);
  return !king.valid() || !copy.attacked_by(king, ~side_);
}

std::vector<SimpleMove> SimpleBoard::legal_moves() const {
  std::vector<SimpleMove> moves;
  if (king_captured_) return moves;
  if (king_rule_ == KingRule::Capturable && !find_king(side_).valid()) return moves;
  std::vector<SimpleMove> pseudo;
  add_pseudo_moves(pseudo);
  for (const SimpleMove& m : pseudo) {
    if (king_rule_ != KingRule::Royal || leaves_king_safe(m)) moves.push_back(m);
  }
  // L1: when a capture is possible, only captures.
  if (compulsory_capture_ && std::any_of(moves.begin(), moves.end(), [](const SimpleMove& m) { return m.capture; })) {
    std::erase_if(moves, [](const SimpleMove& m) { return !m.capture; });
  }
  const bool second_move = moves_per_turn_ > 1 && moves_left_ == 1;
  // Bennekom: the piece that made the first move makes the second when it can.
  if (same_piece_ && second_move && last_to_.valid()) {
    std::vector<SimpleMove> same;
    for (const SimpleMove& m : moves) {
      if (m.from == last_to_) same.push_back(m);
    }
    if (!same.empty()) moves = same;
  }
  if (moves.empty() && second_move && no_second_move_ == NoSecondMoveRule::Pass) {
    SimpleMove pass;
    pass.pass = true;
    moves.push_back(pass);
  }
  return moves;
}

SimpleBoard SimpleBoard::after(const SimpleMove& m) const {
  SimpleBoard b = *this;
  SimpleSquare passed;
  const Piece captured = b.apply_on_board(m, &passed);
  const Color us = side_;
  const Color them = ~us;
  --b.moves_left_;
  const SimpleSquare their_king = b.find_king(them);
  const bool check = king_rule_ == KingRule::Royal && their_king.valid() && b.attacked_by(their_king, us);
  const bool king_capture = king_rule_ == KingRule::Capturable && captured != Piece::None &&
                            type_of(captured) == PieceType::King;
  if (b.moves_left_ == 0 || check || king_capture) {
    // The turn is over: which of our two-steps the opponent may take (M7).
    std::vector<SimpleSquare> rights;
    if (moves_per_turn_ == 1 || ep_rule_ == EnPassantRule::Second) {
      if (passed.valid()) rights.push_back(passed);
    } else if (ep_rule_ == EnPassantRule::Any) {
      rights = b.ep_pending_;
      if (passed.valid()) rights.push_back(passed);
    }
    b.ep_now_.clear();
    for (const SimpleSquare s : rights) {
      // The pawn still stands where its two-step put it and the square it passed is empty.
      const SimpleSquare pawn{s.file, s.rank + forward_of(us)};
      if (b.at(s) == Piece::None && b.at(pawn) == make_piece(us, PieceType::Pawn)) b.ep_now_.push_back(s);
    }
    b.ep_pending_.clear();
    b.side_ = them;
    b.moves_left_ = moves_per_turn_;
    b.last_to_ = {};
    b.king_captured_ = king_capture;
  } else {
    if (passed.valid()) b.ep_pending_.push_back(passed);
    // A second e.p. capture may follow a first one only, and only under ep=any.
    if (m.en_passant && ep_rule_ == EnPassantRule::Any) {
      std::erase(b.ep_now_, m.to);
    } else {
      b.ep_now_.clear();
    }
    b.last_to_ = m.to;
  }
  return b;
}

bool SimpleBoard::play_uci(std::string_view uci) {
  for (const SimpleMove& m : legal_moves()) {
    if (m.uci() == uci) {
      *this = after(m);
      return true;
    }
  }
  return false;
}

uint64_t SimpleBoard::count_moves(int depth) const {
  if (depth <= 0) return 1;
  const auto moves = legal_moves();
  if (depth == 1) return moves.size();
  uint64_t nodes = 0;
  for (const SimpleMove& m : moves) nodes += after(m).count_moves(depth - 1);
  return nodes;
}

uint64_t SimpleBoard::count_turns(int turns) const {
  if (turns <= 0) return 1;
  uint64_t nodes = 0;
  for (const SimpleMove& m : legal_moves()) {
    const SimpleBoard next = after(m);
    nodes += next.count_turns(next.side_ != side_ ? turns - 1 : turns);
  }
  return nodes;
}

std::vector<std::pair<std::string, uint64_t>> SimpleBoard::divide(int depth, bool by_turns) const {
  std::vector<std::pair<std::string, uint64_t>> result;
  for (const SimpleMove& m : legal_moves()) {
    const SimpleBoard next = after(m);
    const uint64_t nodes = by_turns ? next.count_turns(next.side_ != side_ ? depth - 1 : depth)
                                    : next.count_moves(depth - 1);
    result.emplace_back(m.uci(), nodes);
  }
  return result;
}

std::string SimpleBoard::describe() const {
  std::ostringstream out;
  for (int rank = ranks_ - 1; rank >= 0; --rank) {
    for (int file = 0; file < files_; ++file) out << letter(at({file, rank}));
    out << '/';
  }
  out << (side_ == Color::White ? " w" : " b") << " moves_left=" << moves_left_ << " castling=";
  for (size_t i = 0; i < 4; ++i) out << (castle_right_[i] ? "KQkq"[i] : '-');
  out << " ep_now=";
  for (const SimpleSquare s : ep_now_) out << name(s);
  out << " pending=";
  for (const SimpleSquare s : ep_pending_) out << name(s);
  if (last_to_.valid()) out << " last_to=" << name(last_to_);
  return out.str();
}

}  // namespace dm::testing
