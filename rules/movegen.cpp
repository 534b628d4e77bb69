#include "rules/movegen.h"

#include <algorithm>

namespace dm {

namespace {

constexpr Bitboard shift(Bitboard b, int n) { return n > 0 ? b << n : b >> -n; }

// Pseudo-legal generation for the side to move into one list. Implementation notes: `target`
// limits where non-king pieces may go (all but own pieces; in check only the checker and the
// squares between it and the king; in a capture pass only enemy pieces) and `king_target` does
// the same for a royal king, whose safety is checked afterwards.
class Generator {
 public:
  Generator(const Position& pos, MoveList& list)
      : pos_(pos), g_(pos.geometry()), list_(list), us_(pos.side_to_move()), them_(~us_),
        occupied_(pos.pieces()) {}

  void pawns(Bitboard target, bool with_pushes) {
    const int forward = us_ == Color::White ? kStride : -kStride;
    const Bitboard pawns = pos_.pieces(us_, PieceType::Pawn);
    const Bitboard empty = ~occupied_ & g_.board();
    const Bitboard last_rank = g_.rank_bb(us_ == Color::White ? g_.ranks() - 1 : 0);
    const Bitboard double_rank = g_.rank_bb(us_ == Color::White ? 2 : g_.ranks() - 3);
    if (with_pushes) {
      const Bitboard single = shift(pawns, forward) & empty;
      const Bitboard twice = shift(single & double_rank, forward) & empty & target;
      add_pawn_moves(single & target, forward, last_rank);
      add_pawn_moves(twice, 2 * forward, 0);
    }
    const Bitboard enemies = pos_.pieces(them_) & target;
    add_pawn_moves(shift(pawns & ~g_.file_bb(0), forward - 1) & enemies, forward - 1, last_rank);
    add_pawn_moves(shift(pawns & ~g_.file_bb(g_.files() - 1), forward + 1) & enemies, forward + 1, last_rank);
    for (Bitboard ep = pos_.ep_squares(); ep;) {
      const Square to = pop_lsb(ep);
      for (Bitboard from = g_.pawn_attacks(them_, to) & pawns; from;) {
        list_.push_back(Move(pop_lsb(from), to, MoveKind::EnPassant));
      }
    }
  }

  void pieces(Bitboard target, Bitboard king_target) {
    for (const PieceType t : pos_.variant().pieces) {
      if (t == PieceType::Pawn) continue;
      const Bitboard to_mask = t == PieceType::King ? king_target : target;
      for (Bitboard from = pos_.pieces(us_, t); from;) {
        const Square s = pop_lsb(from);
        for (Bitboard to = g_.attacks(t, s, occupied_) & to_mask; to;) list_.push_back(Move(s, pop_lsb(to)));
      }
    }
  }

  void castling(bool king_must_be_safe) {
    const int rights = pos_.castling_rights();
    for (const bool queen_side : {false, true}) {
      const int i = castling_index(us_, queen_side);
      if (!(rights & (1 << i))) continue;
      const CastlingRoute& route = pos_.castling_route(i);
      if (route.must_be_empty & occupied_) continue;
      if (king_must_be_safe && attacked(route.king_path)) continue;
      list_.push_back(Move(route.king_from, route.king_to, MoveKind::Castling));
    }
  }

 private:
  bool attacked(Bitboard squares) const {
    for (Bitboard b = squares; b;) {
      if (pos_.attackers_to(pop_lsb(b), occupied_) & pos_.pieces(them_)) return true;
    }
    return false;
  }

  void add_pawn_moves(Bitboard targets, int step, Bitboard last_rank) {
    for (Bitboard b = targets & ~last_rank; b;) {
      const Square to = pop_lsb(b);
      list_.push_back(Move(Square(to - step), to));
    }
    for (Bitboard b = targets & last_rank; b;) {
      const Square to = pop_lsb(b);
      for (const PieceType t : pos_.variant().promotions) {
        list_.push_back(Move(Square(to - step), to, MoveKind::Promotion, t));
      }
    }
  }

  const Position& pos_;
  const Geometry& g_;
  MoveList& list_;
  Color us_;
  Color them_;
  Bitboard occupied_;
};

// Whether a pseudo-legal move leaves the mover's royal king unattacked.
bool keeps_king_safe(const Position& pos, Move m, Square king) {
  const Geometry& g = pos.geometry();
  const Square from = m.from();
  const Square to = m.to();
  const Bitboard them = pos.pieces(~pos.side_to_move());
  if (m.kind() == MoveKind::EnPassant) {
    const Square captured = Square(to + (pos.side_to_move() == Color::White ? -kStride : kStride));
    const Bitboard occupied = (pos.pieces() ^ square_bb(from) ^ square_bb(captured)) | square_bb(to);
    return !(pos.attackers_to(king, occupied) & them & ~square_bb(captured));
  }
  if (from == king) {
    return m.kind() == MoveKind::Castling || !(pos.attackers_to(to, pos.pieces() ^ square_bb(from)) & them);
  }
  return !has(pos.blockers() & pos.pieces(pos.side_to_move()), from) || has(g.line(from, king), to);
}

void generate_royal(const Position& pos, MoveList& list) {
  Generator gen(pos, list);
  const Color us = pos.side_to_move();
  const Square king = pos.king_square(us);
  const Bitboard not_own = ~pos.pieces(us) & pos.geometry().board();
  const Bitboard checkers = pos.checkers();
  Bitboard target = not_own;
  if (checkers) {
    target = more_than_one(checkers) ? 0 : pos.geometry().between(king, lsb(checkers)) | checkers;
  } else {
    gen.castling(true);
  }
  // In double check only the king moves; e.p. is still generated and then filtered.
  gen.pawns(target, true);
  gen.pieces(target, not_own);

  size_t kept = 0;
  for (size_t i = 0; i < list.size(); ++i) {
    const Move m = list[i];
    const bool needs_check = m.from() == king || m.kind() == MoveKind::EnPassant ||
                             has(pos.blockers(), m.from());
    if (!needs_check || keeps_king_safe(pos, m, king)) list[kept++] = m;
  }
  list.resize(kept);
}

void generate_unchecked(const Position& pos, MoveList& list) {
  Generator gen(pos, list);
  const Bitboard not_own = ~pos.pieces(pos.side_to_move()) & pos.geometry().board();
  if (pos.variant().compulsory_capture) {
    const Bitboard enemies = pos.pieces(~pos.side_to_move());
    gen.pawns(enemies, false);
    gen.pieces(enemies, enemies);
    if (!list.empty()) return;
    const Bitboard empty = ~pos.pieces() & pos.geometry().board();
    gen.pawns(empty, true);
    gen.pieces(empty, empty);
  } else {
    gen.castling(false);
    gen.pawns(not_own, true);
    gen.pieces(not_own, not_own);
  }
}

}  // namespace

bool MoveList::contains(Move m) const { return std::find(begin(), end(), m) != end(); }

bool king_lost(const Position& pos) {
  return pos.variant().king_rule == KingRule::Capturable && pos.king_square(pos.side_to_move()) == kNoSquare;
}

void generate_legal(const Position& pos, MoveList& list) {
  list.resize(0);
  const Variant& variant = pos.variant();
  if (variant.king_rule == KingRule::Royal) {
    generate_royal(pos, list);
  } else if (!king_lost(pos)) {
    generate_unchecked(pos, list);
  }
  if (pos.mid_turn() && variant.same_piece_second_move) {
    const Square piece = pos.last_to();
    const auto by_piece = std::stable_partition(&list[0], &list[0] + list.size(),
                                                [piece](Move m) { return m.from() == piece; });
    if (by_piece != &list[0]) list.resize(size_t(by_piece - &list[0]));
  }
  if (list.empty() && pos.mid_turn() && variant.options.no_second_move == NoSecondMoveRule::Pass &&
      !king_lost(pos)) {
    list.push_back(Move(0, 0, MoveKind::Pass));
  }
}

size_t count_legal(const Position& pos) {
  MoveList list;
  generate_legal(pos, list);
  return list.size();
}

}  // namespace dm
