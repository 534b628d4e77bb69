#include "solver/search/stalemate_demands.h"

namespace dm::search {

namespace {

// The ways of the rays along which the attacker may pin after one move: those its pieces ride,
// and every way where it has a pawn about to promote. Every rider rides ranks, files or
// diagonals (piece.h).
struct PinWays {
  bool orthogonal = false;
  bool diagonal = false;
  bool along(int direction) const { return is_orthogonal(direction) ? orthogonal : diagonal; }
};

PinWays pin_ways(const Position& pos, Color attacker) {
  const Geometry& g = pos.geometry();
  const int promotion_rank = attacker == Color::White ? g.ranks() - 2 : 1;
  const bool promotes = pos.pieces(attacker, PieceType::Pawn) & g.rank_bb(promotion_rank);
  PinWays ways{promotes, promotes};
  for (Bitboard b = pos.pieces(attacker); b;) {
    const PieceType t = type_of(pos.piece_on(pop_lsb(b)));
    ways.orthogonal |= g.rides_orthogonal(t);
    ways.diagonal |= g.rides_diagonal(t);
  }
  return ways;
}

// The squares on the rays from the defender's king along which the attacker may pin after one
// move, and the king's own.
Bitboard pin_lines(const Position& pos, Color attacker) {
  const Geometry& g = pos.geometry();
  const PinWays ways = pin_ways(pos, attacker);
  const Square king = pos.king_square(~attacker);
  Bitboard lines = square_bb(king);
  for (int d = 0; d < kDirectionCount; ++d) {
    if (ways.along(d)) lines |= g.ray(d, king);
  }
  return lines;
}

// The defender's men that a pin may hold after one move of the attacker: on a ray from their
// king along which it may pin, the first man, or the second behind a piece of the attacker
// (which may move off).
Bitboard pinnable(const Position& pos, Color attacker) {
  const Geometry& g = pos.geometry();
  const Color defender = ~attacker;
  const PinWays ways = pin_ways(pos, attacker);
  const Square king = pos.king_square(defender);
  Bitboard men = 0;
  for (int d = 0; d < kDirectionCount; ++d) {
    if (!ways.along(d)) continue;
    Bitboard on_ray = g.ray(d, king) & pos.pieces();
    for (int nth = 0; nth < 2 && on_ray; ++nth) {
      const Square s = d < 4 ? lsb(on_ray) : msb(on_ray);
      on_ray ^= square_bb(s);
      if (!has(pos.pieces(defender), s)) continue;
      men |= square_bb(s);
      break;
    }
  }
  return men;
}

// Whether a piece (not a pawn) of kind t on s has moves that go two ways: two of its leaps, two
// of its rays, or one of each (a square both on a ray and a leap counts with the ray).
bool moves_two_ways(const Position& pos, PieceType t, Square s) {
  const Geometry& g = pos.geometry();
  const Bitboard targets = g.attacks(t, s, pos.pieces()) & g.board() & ~pos.pieces(color_of(pos.piece_on(s)));
  Bitboard rays = 0;
  int ways = 0;
  for (int d = 0; d < kDirectionCount; ++d) {
    if (!(is_orthogonal(d) ? g.rides_orthogonal(t) : g.rides_diagonal(t))) continue;
    rays |= g.ray(d, s);
    ways += (targets & g.ray(d, s)) != 0;
  }
  return ways + popcount(targets & ~rays) >= 2;
}

}  // namespace

StalemateDemands::StalemateDemands(const Position& pos, Color attacker) {
  const Geometry& g = pos.geometry();
  const Color defender = ~attacker;
  const Bitboard occupied = pos.pieces();
  const Bitboard theirs = pos.pieces(attacker);
  const int forward = pawn_forward(defender);
  bool piece_demands = false;
  for (Bitboard men = pos.pieces(defender) & ~pinnable(pos, attacker) & ~square_bb(pos.king_square(defender));
       men && count_ < kMaxDemands;) {
    const Square man = pop_lsb(men);
    const PieceType t = type_of(pos.piece_on(man));
    Demand d{square_bb(man), 0, 0, 0};
    if (t == PieceType::Pawn) {
      // A pawn never stands on its last rank, so the square in front of it is on the board.
      const Square ahead = Square(man + forward);
      const bool free_push = !has(occupied, ahead);
      d.captures = g.pawn_attacks(defender, man) & theirs;
      d.stays = square_bb(ahead) & theirs;
      if (!free_push && !d.captures && !d.stays) continue;  // held by its own side for good
      d.blocks = free_push ? square_bb(ahead) : g.board() & ~g.pawn_attacks(defender, man);
      d.takes |= pos.ep_squares() & square_bb(Square(man - forward));
    } else {
      if (!(g.attacks(t, man, occupied) & g.board() & ~pos.pieces(defender))) continue;
      impossible_ |= piece_demands;
      piece_demands = true;
    }
    demands_[count_++] = d;
  }
}

Bitboard StalemateDemands::meeting(Square from) const {
  if (impossible_) return 0;
  Bitboard squares = ~Bitboard(0);
  for (int i = 0; i < count_; ++i) {
    const Demand& d = demands_[i];
    const bool still_blocked = !has(d.stays, from) && !(d.captures & ~square_bb(from));
    squares &= d.takes | (still_blocked ? d.blocks : 0);
  }
  return squares;
}

StalemateDemands::LastMen StalemateDemands::last_men(const Position& pos, Color attacker) {
  const Color defender = ~attacker;
  const int forward = pawn_forward(defender);
  Bitboard free_pieces = 0;
  Bitboard free_pawns = 0;
  Bitboard aheads = 0;  // the squares in front of the free pawns
  const Bitboard lines = pin_lines(pos, attacker);
  for (Bitboard men = pos.pieces(defender) & ~lines; men;) {
    const Square man = pop_lsb(men);
    const PieceType t = type_of(pos.piece_on(man));
    if (t != PieceType::Pawn) {
      if (moves_two_ways(pos, t, man)) free_pieces |= square_bb(man);
    } else if (const Square ahead = Square(man + forward); !has(pos.pieces(), ahead)) {
      free_pawns |= square_bb(man);
      aheads |= square_bb(ahead);
    }
  }
  const int count = popcount(free_pieces | free_pawns);
  if (count >= 4 || (count == 3 && !free_pawns)) return {0, 0};
  LastMen men;
  if (count == 3) men = {free_pieces | free_pawns, aheads};
  const int pieces = popcount(free_pieces);
  if (pieces == 0) return men;
  // Two free pieces: one of them moves (a pawn's move, with three free men, would leave both).
  if (pieces == 2) men.movers &= free_pieces;
  const Bitboard defender_pieces =
      pos.pieces(defender) & ~pos.pieces(defender, PieceType::Pawn) & ~square_bb(pos.king_square(defender));
  men.on_lines = pieces == 1 ? defender_pieces & ~free_pieces : defender_pieces;
  men.lines = lines;
  return men;
}

}  // namespace dm::search
