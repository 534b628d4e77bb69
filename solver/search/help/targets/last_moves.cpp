// The other side's last move in series help play (last_moves.h).

#include "solver/search/help/targets/last_moves.h"

namespace dm::search::targets {

Bitboard empty_board_attacks(const Geometry& g, PieceType t, Color c, Square s) {
  return (t == PieceType::Pawn ? g.pawn_attacks(c, s) : g.attacks(t, s, 0)) & g.board();
}

bool lists_moves_of(const Variant& variant) { return !variant.is_multi_move() && orthodox_men(variant); }

bool orthodox_men(const Variant& variant) {
  if (variant.files != 8 || variant.ranks != 8 || variant.king_rule != KingRule::Royal || variant.compulsory_capture ||
      variant.later_moves.same_piece) {
    return false;
  }
  for (const PieceType t : variant.pieces) {
    if (t != PieceType::Pawn && t != PieceType::Knight && t != PieceType::Bishop && t != PieceType::Rook &&
        t != PieceType::Queen && t != PieceType::King) {
      return false;
    }
  }
  return true;
}

Bitboard pinnable_squares(const Geometry& g, Square k, Bitboard orthogonal, Bitboard diagonal) {
  Bitboard squares = 0;
  for (Bitboard b = orthogonal | diagonal; b;) {
    const Square x = pop_lsb(b);
    const int d = g.direction(k, x);
    if (d == kNoDirection) continue;
    if (has(is_orthogonal(d) ? orthogonal : diagonal, x)) squares |= g.between(k, x);
  }
  return squares;
}

std::vector<LastMove> last_moves(const Position& pos, Color side) {
  const Geometry& g = pos.geometry();
  std::vector<LastMove> moves;
  const int last_rank = side == Color::White ? g.ranks() - 1 : 0;
  const int start_rank = side == Color::White ? 1 : g.ranks() - 2;
  for (Bitboard b = pos.pieces(side); b;) {
    const Square s = pop_lsb(b);
    const PieceType t = type_of(pos.piece_on(s));
    const auto add = [&](Square to, bool capture, Bitboard path) {
      if (t == PieceType::Pawn && rank_of(to) == last_rank) {
        for (const PieceType kind : pos.variant().promotions) moves.push_back({s, to, kind, capture, path});
      } else {
        moves.push_back({s, to, t, capture, path});
      }
    };
    if (t == PieceType::Pawn) {
      const int ahead = int(s) + pawn_forward(side);
      if (ahead < 0 || ahead >= kSquareSpace || !has(g.board(), Square(ahead))) continue;
      add(Square(ahead), false, 0);
      const int two = ahead + pawn_forward(side);
      if (rank_of(s) == start_rank && two >= 0 && two < kSquareSpace && has(g.board(), Square(two))) {
        add(Square(two), false, square_bb(Square(ahead)));
      }
      for (Bitboard c = g.pawn_attacks(side, s) & g.board(); c;) add(pop_lsb(c), true, 0);
      continue;
    }
    for (Bitboard to = empty_board_attacks(g, t, side, s); to;) {
      const Square d = pop_lsb(to);
      add(d, false, g.between(s, d));
      add(d, true, g.between(s, d));
    }
  }
  return moves;
}

}  // namespace dm::search::targets
