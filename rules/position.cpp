#include "rules/position.h"

#include <cassert>

#include "rules/piece.h"
#include "rules/zobrist.h"

namespace dm {

namespace {

Bitboard pieces_of_kinds(const std::array<Bitboard, kPieceTypeCount>& by_type, uint16_t kinds) {
  Bitboard result = 0;
  for (uint16_t k = kinds; k; k &= k - 1) result |= by_type[std::countr_zero(k)];
  return result;
}

}  // namespace

Position::Position(const Position& other) { *this = other; }

Position& Position::operator=(const Position& other) {
  if (this == &other) return *this;
  variant_ = other.variant_;
  geometry_ = other.geometry_;
  board_ = other.board_;
  by_color_ = other.by_color_;
  by_type_ = other.by_type_;
  side_ = other.side_;
  fullmove_ = other.fullmove_;
  castling_routes_ = other.castling_routes_;
  castling_mask_ = other.castling_mask_;
  orthogonal_kinds_ = other.orthogonal_kinds_;
  diagonal_kinds_ = other.diagonal_kinds_;
  leaper_kinds_ = other.leaper_kinds_;
  root_state_ = *other.st_;
  root_state_.previous = nullptr;
  st_ = &root_state_;
  return *this;
}

void Position::clear() {
  geometry_ = &variant_.geometry();
  board_.fill(Piece::None);
  by_color_.fill(0);
  by_type_.fill(0);
  side_ = Color::White;
  fullmove_ = 1;
  castling_routes_.fill(CastlingRoute{});
  castling_mask_.fill(0xF);
  orthogonal_kinds_ = diagonal_kinds_ = leaper_kinds_ = 0;
  for (const PieceType t : variant_.pieces) {
    if (geometry_->rides_orthogonal(t)) orthogonal_kinds_ |= uint16_t(1u << index(t));
    if (geometry_->rides_diagonal(t)) diagonal_kinds_ |= uint16_t(1u << index(t));
    if (geometry_->has_leaps(t)) leaper_kinds_ |= uint16_t(1u << index(t));
  }
  root_state_ = StateInfo{};
  st_ = &root_state_;
}

void Position::set_start(const Variant& variant) {
  [[maybe_unused]] const auto error = set(variant, variant.start_fen);
  assert(!error && "every variant's start FEN is valid");
  if (variant.balanced_start) {
    st_->moves_left = 1;
    st_->key = compute_key();
  }
}

Square Position::king_square(Color c) const {
  const Bitboard kings = pieces(c, PieceType::King);
  return kings ? lsb(kings) : kNoSquare;
}

Bitboard Position::orthogonal_riders() const { return pieces_of_kinds(by_type_, orthogonal_kinds_); }
Bitboard Position::diagonal_riders() const { return pieces_of_kinds(by_type_, diagonal_kinds_); }

Bitboard Position::leaper_attackers(Square s) const {
  Bitboard attackers = 0;
  for (uint16_t k = leaper_kinds_; k; k &= k - 1) {
    const int t = std::countr_zero(k);
    attackers |= geometry_->leaps(PieceType(t), s) & by_type_[t];
  }
  return attackers;
}

Bitboard Position::attackers_to(Square s, Bitboard occupied) const {
  const Geometry& g = *geometry_;
  Bitboard attackers = (g.pawn_attacks(Color::White, s) & pieces(Color::Black, PieceType::Pawn)) |
                       (g.pawn_attacks(Color::Black, s) & pieces(Color::White, PieceType::Pawn)) |
                       leaper_attackers(s);
  attackers |= g.rook_attacks(s, occupied) & orthogonal_riders();
  attackers |= g.bishop_attacks(s, occupied) & diagonal_riders();
  return attackers & occupied;
}

Bitboard Position::attackers_of(Color c, Square s, Bitboard occupied) const {
  const Geometry& g = *geometry_;
  const Bitboard ours = pieces(c) & occupied;
  Bitboard attackers = (g.pawn_attacks(~c, s) & pieces(c, PieceType::Pawn)) | leaper_attackers(s);
  const Bitboard orthogonal = orthogonal_riders() & ours;
  const Bitboard diagonal = diagonal_riders() & ours;
  if (!(orthogonal | diagonal)) return attackers & ours;
  for (int d = 0; d < kDirectionCount; ++d) {
    const Bitboard riders = is_orthogonal(d) ? orthogonal : diagonal;
    if (g.ray(d, s) & riders) attackers |= g.ray_attacks(d, s, occupied) & riders;
  }
  return attackers & ours;
}

void Position::put_piece(Piece p, Square s) {
  board_[s] = p;
  by_color_[index(color_of(p))] |= square_bb(s);
  by_type_[index(type_of(p))] |= square_bb(s);
}

void Position::remove_piece(Square s) {
  const Piece p = board_[s];
  by_color_[index(color_of(p))] ^= square_bb(s);
  by_type_[index(type_of(p))] ^= square_bb(s);
  board_[s] = Piece::None;
}

void Position::move_piece(Square from, Square to) {
  const Piece p = board_[from];
  const Bitboard both = square_bb(from) | square_bb(to);
  by_color_[index(color_of(p))] ^= both;
  by_type_[index(type_of(p))] ^= both;
  board_[from] = Piece::None;
  board_[to] = p;
}

void Position::setup_castling(Color c, bool queen_side, Square rook) {
  const Square king = king_square(c);
  const int i = castling_index(c, queen_side);
  st_->castling_rights |= uint8_t(1u << i);
  castling_mask_[king] &= uint8_t(~(3u << (2 * index(c))));
  castling_mask_[rook] &= uint8_t(~(1u << i));

  CastlingRoute& route = castling_routes_[i];
  route.king_from = king;
  route.rook_from = rook;
  const int rank = rank_of(king);
  const CastlingRule& rule = variant_.castling;
  const int king_file = queen_side ? rule.queen_side_inset : geometry_->files() - 1 - rule.king_side_inset;
  route.king_to = make_square(king_file, rank);
  route.rook_to = make_square(king_file + (queen_side ? 1 : -1), rank);
  const Geometry& g = *geometry_;
  route.king_path = g.between(king, route.king_to) | square_bb(king) | square_bb(route.king_to);
  route.must_be_empty = (g.between(king, rook) | g.between(king, route.king_to) | square_bb(route.king_to) |
                         g.between(rook, route.rook_to) | square_bb(route.rook_to)) &
                        ~(square_bb(king) | square_bb(rook));
}

uint64_t Position::compute_key() const {
  const auto& z = zobrist::keys();
  uint64_t key = 0;
  for (Bitboard b = pieces(); b;) {
    const Square s = pop_lsb(b);
    key ^= z.piece_square[uint8_t(board_[s])][s];
  }
  key ^= z.castling[st_->castling_rights];
  for (Bitboard b = st_->ep_squares | st_->ep_pending; b;) key ^= z.en_passant[pop_lsb(b)];
  if (side_ == Color::Black) key ^= z.black_to_move;
  key ^= turn_key(st_->moves_left);
  return key ^ first_mover_key(*st_);
}

uint64_t Position::turn_key(int moves_left) const {
  const auto& z = zobrist::keys();
  if (variant_.turn_length == TurnLength::Growing) return z.series_left[moves_left] ^ z.series_number[turn_length()];
  return variant_.is_multi_move() && moves_left == 1 ? z.mid_turn : 0;
}

const CastlingRoute& Position::route_of(Color c, Move castling) const {
  return castling_routes_[castling_index(c, file_of(castling.to()) < file_of(castling.from()))];
}

Square Position::captured_square(Move m, Color mover) {
  return m.kind() == MoveKind::EnPassant ? Square(m.to() - pawn_forward(mover)) : m.to();
}

uint64_t Position::first_mover_key(const StateInfo& st) const {
  const LaterMoveRule& rule = variant_.later_moves;
  if (!(rule.same_piece || rule.other_piece) || st.last_to == kNoSquare) return 0;
  return zobrist::keys().first_mover[st.last_to];
}

Bitboard Position::capturable_ep(Bitboard passed, Color passed_by) const {
  Bitboard result = 0;
  for (Bitboard b = passed; b;) {
    const Square s = pop_lsb(b);
    const Square pawn = Square(s + pawn_forward(passed_by));
    if (board_[s] == Piece::None && board_[pawn] == make_piece(passed_by, PieceType::Pawn) &&
        (geometry_->pawn_attacks(passed_by, s) & pieces(~passed_by, PieceType::Pawn))) {
      result |= square_bb(s);
    }
  }
  return result;
}

void Position::update_king_safety(Bitboard checkers) {
  StateInfo& st = *st_;
  st.checkers = checkers;
  st.blockers = 0;
  if (variant_.king_rule != KingRule::Royal) return;
  const Square king = king_square(side_);
  if (king == kNoSquare) return;
  const Geometry& g = *geometry_;
  const Bitboard them = pieces(~side_);
  Bitboard snipers = (g.rook_attacks(king, 0) & orthogonal_riders() & them) |
                     (g.bishop_attacks(king, 0) & diagonal_riders() & them);
  const Bitboard occupied = pieces() ^ snipers;
  while (snipers) {
    const Bitboard between = g.between(king, pop_lsb(snipers)) & occupied;
    if (between && !more_than_one(between)) st.blockers |= between;
  }
}

// Ends the turn of `mover` (or not) after its move, and sets the rights of the side to move.
void Position::end_turn(StateInfo& st, Color mover, Square double_step_passed) {
  const auto& z = zobrist::keys();
  const Color them = ~mover;
  const Square their_king = king_square(them);
  const bool royal = variant_.king_rule == KingRule::Royal;
  const Bitboard check_on_them =
      royal && their_king != kNoSquare ? attackers_of(mover, their_king, pieces()) : 0;
  const bool king_captured = st.captured != Piece::None && type_of(st.captured) == PieceType::King &&
                             variant_.king_rule == KingRule::Capturable;
  const Bitboard passed = double_step_passed == kNoSquare ? 0 : square_bb(double_step_passed);

  const bool multi_move = variant_.is_multi_move();
  st.key ^= turn_key(st.moves_left);
  --st.moves_left;
  // A check given before the turn's last move ends the turn (M4, P5 Scottish), or goes on (E4);
  // Italian progressive chess never gives one there (P5, movegen).
  const bool check_ends_turn = check_on_them && variant_.check_in_turn == CheckInTurn::EndsTurn;
  const bool turn_over = st.moves_left == 0 || check_ends_turn || king_captured;

  if (turn_over) {
    Bitboard rights = 0;
    if (multi_move) {
      const EnPassantRule rule = variant_.options.en_passant;
      rights = rule == EnPassantRule::None ? 0 : rule == EnPassantRule::Second ? passed : st.ep_pending | passed;
    } else {
      rights = passed;
    }
    st.ep_squares = capturable_ep(rights, mover);
    st.ep_pending = 0;
    st.last_to = kNoSquare;
    side_ = them;
    st.key ^= z.black_to_move;
    if (mover == Color::Black || variant_.turn_length == TurnLength::Growing) ++fullmove_;
    st.moves_left = uint8_t(turn_length());
    update_king_safety(check_on_them);
  } else {
    // The mover plays on. An e.p. capture may be followed by another only (M7), and in
    // progressive chess by none (P4).
    if (variant_.options.en_passant != EnPassantRule::Any || !variant_.chained_en_passant) st.ep_squares = 0;
    if (variant_.options.en_passant != EnPassantRule::None) st.ep_pending |= passed;
    update_king_safety(0);
  }
  st.key ^= turn_key(st.moves_left);
  for (Bitboard b = st.ep_squares | st.ep_pending; b;) st.key ^= z.en_passant[pop_lsb(b)];
  st.key ^= first_mover_key(st);
}

CheckInfo Position::check_info() const {
  CheckInfo info;
  if (variant_.king_rule != KingRule::Royal) return info;
  info.king = king_square(~side_);
  if (info.king == kNoSquare) return info;
  const Geometry& g = *geometry_;
  const Bitboard occupied = pieces();
  info.orthogonal = g.rook_attacks(info.king, occupied);
  info.diagonal = g.bishop_attacks(info.king, occupied);
  const Bitboard ours = pieces(side_);
  Bitboard snipers = ((g.rook_attacks(info.king, 0) & orthogonal_riders()) |
                      (g.bishop_attacks(info.king, 0) & diagonal_riders())) & ours;
  while (snipers) {
    const Bitboard between = g.between(info.king, pop_lsb(snipers)) & occupied;
    if (between && !more_than_one(between) && (between & ours)) info.discoverers |= between;
  }
  return info;
}

bool Position::may_give_check(Move m, const CheckInfo& info) const {
  if (info.king == kNoSquare || m.kind() == MoveKind::Castling || m.kind() == MoveKind::EnPassant ||
      m.kind() == MoveKind::Pass) {
    return true;
  }
  const Geometry& g = *geometry_;
  const Square from = m.from();
  const Square to = m.to();
  // Uncovered: a piece leaving the line between the king and one of our riders.
  if (has(info.discoverers, from) && !has(g.line(info.king, from), to)) return true;
  // Direct, by the piece as it stands on `to`. A promoted piece may attack through `from`.
  if (m.kind() == MoveKind::Promotion) {
    const Bitboard occupied = (pieces() ^ square_bb(from)) | square_bb(to);
    return has(g.attacks(m.promotion(), to, occupied), info.king);
  }
  // Otherwise the rays from the king, taken with `from` occupied, are right: a piece that
  // rides on through `from` to the king would have been giving check from `from` already.
  const PieceType moved = type_of(board_[from]);
  if (moved == PieceType::Pawn) return has(g.pawn_attacks(side_, to), info.king);
  return has(g.leaps(moved, to), info.king) || (g.rides_orthogonal(moved) && has(info.orthogonal, to)) ||
         (g.rides_diagonal(moved) && has(info.diagonal, to));
}

bool Position::gives_check(Move m, const CheckInfo& info) const {
  if (info.king == kNoSquare || m.kind() == MoveKind::Pass || !may_give_check(m, info)) return false;
  if (m.kind() == MoveKind::Normal || m.kind() == MoveKind::Promotion) return true;  // exact there
  // Castling and e.p.: the board after the move, with the piece that moves onto a new line
  // (the rook, the capturing pawn) tested apart, as attackers_of sees it on its old square.
  const Geometry& g = *geometry_;
  const Color us = side_;
  Bitboard occupied;
  if (m.kind() == MoveKind::EnPassant) {
    if (has(g.pawn_attacks(us, m.to()), info.king)) return true;
    occupied = (pieces() ^ square_bb(m.from()) ^ square_bb(captured_square(m, us))) | square_bb(m.to());
  } else {
    const CastlingRoute& route = route_of(us, m);
    occupied = (pieces() ^ square_bb(route.king_from) ^ square_bb(route.rook_from)) | square_bb(route.king_to) |
               square_bb(route.rook_to);
    if (has(g.attacks(type_of(board_[route.rook_from]), route.rook_to, occupied), info.king)) return true;
  }
  return attackers_of(us, info.king, occupied) != 0;
}

void Position::do_move(Move m, StateInfo& new_state) {
  const auto& z = zobrist::keys();
  new_state.key = st_->key;
  new_state.ep_squares = st_->ep_squares;
  new_state.ep_pending = st_->ep_pending;
  new_state.rule50 = uint16_t(st_->rule50 + 1);
  new_state.castling_rights = st_->castling_rights;
  new_state.moves_left = st_->moves_left;
  new_state.last_to = kNoSquare;
  new_state.captured = Piece::None;
  new_state.previous = st_;
  st_ = &new_state;
  StateInfo& st = new_state;

  for (Bitboard b = st.ep_squares | st.ep_pending; b;) st.key ^= z.en_passant[pop_lsb(b)];
  st.ep_squares = 0;
  st.key ^= first_mover_key(*st.previous);

  const Color us = side_;
  if (m.kind() == MoveKind::Pass) {
    // A pass gives up the rest of the turn, from its start too (the other side of series play).
    st.key ^= turn_key(st.moves_left) ^ turn_key(1);
    st.moves_left = 1;
    end_turn(st, us, kNoSquare);
    return;
  }

  const Square from = m.from();
  const Square to = m.to();
  const Piece piece = board_[from];
  Square double_step_passed = kNoSquare;

  if (m.kind() == MoveKind::Castling) {
    const CastlingRoute& route = route_of(us, m);
    const Piece rook = board_[route.rook_from];
    st.key ^= z.piece_square[uint8_t(piece)][from] ^ z.piece_square[uint8_t(piece)][to] ^
              z.piece_square[uint8_t(rook)][route.rook_from] ^ z.piece_square[uint8_t(rook)][route.rook_to];
    remove_piece(from);
    remove_piece(route.rook_from);
    put_piece(piece, to);
    put_piece(rook, route.rook_to);
  } else {
    const Square captured_at = captured_square(m, us);
    st.captured = board_[captured_at];
    if (st.captured != Piece::None) {
      st.key ^= z.piece_square[uint8_t(st.captured)][captured_at];
      remove_piece(captured_at);
      st.rule50 = 0;
    }
    st.key ^= z.piece_square[uint8_t(piece)][from] ^ z.piece_square[uint8_t(piece)][to];
    move_piece(from, to);
    if (type_of(piece) == PieceType::Pawn) {
      st.rule50 = 0;
      if (to - from == 2 * pawn_forward(us)) double_step_passed = Square(from + pawn_forward(us));
      if (m.kind() == MoveKind::Promotion) {
        const Piece promoted = make_piece(us, m.promotion());
        st.key ^= z.piece_square[uint8_t(piece)][to] ^ z.piece_square[uint8_t(promoted)][to];
        remove_piece(to);
        put_piece(promoted, to);
      }
    }
  }
  st.key ^= z.castling[st.castling_rights];
  st.castling_rights = uint8_t(st.castling_rights & castling_mask_[from] & castling_mask_[to]);
  st.key ^= z.castling[st.castling_rights];

  // A second e.p. capture is allowed only right after a first one (M7).
  if (m.kind() == MoveKind::EnPassant) {
    st.ep_squares = capturable_ep(st.previous->ep_squares & ~square_bb(to), ~us);
  }
  st.last_to = to;
  end_turn(st, us, double_step_passed);
}

uint64_t Position::key_after(Move m) const {
  assert(!variant_.is_multi_move());
  const auto& z = zobrist::keys();
  uint64_t key = st_->key ^ z.black_to_move;
  for (Bitboard b = st_->ep_squares | st_->ep_pending; b;) key ^= z.en_passant[pop_lsb(b)];
  if (m.kind() == MoveKind::Pass) return key;
  const Color us = side_;
  const Square from = m.from();
  const Square to = m.to();
  const Piece piece = board_[from];
  if (m.kind() == MoveKind::Castling) {
    const CastlingRoute& route = route_of(us, m);
    const Piece rook = board_[route.rook_from];
    key ^= z.piece_square[uint8_t(rook)][route.rook_from] ^ z.piece_square[uint8_t(rook)][route.rook_to];
  } else {
    const Square captured_at = captured_square(m, us);
    if (board_[captured_at] != Piece::None) key ^= z.piece_square[uint8_t(board_[captured_at])][captured_at];
  }
  const Piece arriving = m.kind() == MoveKind::Promotion ? make_piece(us, m.promotion()) : piece;
  key ^= z.piece_square[uint8_t(piece)][from] ^ z.piece_square[uint8_t(arriving)][to];
  const uint8_t rights = st_->castling_rights;
  key ^= z.castling[rights] ^ z.castling[rights & castling_mask_[from] & castling_mask_[to]];
  // A double step gives the opponent the square passed over where one of its pawns attacks it
  // (as capturable_ep tells after the move: the step captured nothing).
  if (type_of(piece) == PieceType::Pawn && to - from == 2 * pawn_forward(us)) {
    const Square passed = Square(from + pawn_forward(us));
    if (geometry_->pawn_attacks(us, passed) & pieces(~us, PieceType::Pawn)) key ^= z.en_passant[passed];
  }
  return key;
}

void Position::undo_move(Move m) {
  const StateInfo& st = *st_;
  // A pass always ends the turn; any other move leaves its piece (or king) on `to`.
  const Color mover = m.kind() == MoveKind::Pass ? ~side_ : color_of(board_[m.to()]);
  if (side_ != mover && (mover == Color::Black || variant_.turn_length == TurnLength::Growing)) --fullmove_;
  side_ = mover;
  if (m.kind() == MoveKind::Castling) {
    const Square from = m.from();
    const Square to = m.to();
    const CastlingRoute& route = route_of(mover, m);
    const Piece king = board_[to];
    const Piece rook = board_[route.rook_to];
    remove_piece(to);
    remove_piece(route.rook_to);
    put_piece(king, from);
    put_piece(rook, route.rook_from);
  } else if (m.kind() != MoveKind::Pass) {
    const Square to = m.to();
    if (m.kind() == MoveKind::Promotion) {
      remove_piece(to);
      put_piece(make_piece(mover, PieceType::Pawn), to);
    }
    move_piece(to, m.from());
    if (st.captured != Piece::None) {
      put_piece(st.captured, captured_square(m, mover));
    }
  }
  st_ = st.previous;
}

}  // namespace dm
