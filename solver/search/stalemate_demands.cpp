#include "solver/search/stalemate_demands.h"

#include <algorithm>

namespace dm::search {

namespace {

// The ways of the rays along which the attacker may pin after `moves` moves: those its pieces
// ride, and every way where it has a pawn that many ranks from promoting. Every rider rides
// ranks, files or diagonals (piece.h).
struct PinWays {
  bool orthogonal = false;
  bool diagonal = false;
  bool along(int direction) const { return is_orthogonal(direction) ? orthogonal : diagonal; }
};

PinWays pin_ways(const Position& pos, Color attacker, int moves) {
  const Geometry& g = pos.geometry();
  Bitboard near_promotion = 0;
  for (int m = 1; m <= moves; ++m) near_promotion |= g.rank_bb(attacker == Color::White ? g.ranks() - 1 - m : m);
  const bool promotes = pos.pieces(attacker, PieceType::Pawn) & near_promotion;
  PinWays ways{promotes, promotes};
  for (Bitboard b = pos.pieces(attacker); b;) {
    const PieceType t = type_of(pos.piece_on(pop_lsb(b)));
    ways.orthogonal |= g.rides_orthogonal(t);
    ways.diagonal |= g.rides_diagonal(t);
  }
  return ways;
}

// The squares on the rays from the defender's king standing on `king` along which the attacker
// may pin after one move (`ways`), and the king's own.
Bitboard pin_lines(const Geometry& g, PinWays ways, Square king) {
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
  const PinWays ways = pin_ways(pos, attacker, 1);
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

// The defender's men but its pawns and its king.
Bitboard defender_pieces(const Position& pos, Color defender) {
  return pos.pieces(defender) & ~pos.pieces(defender, PieceType::Pawn) & ~square_bb(pos.king_square(defender));
}

// The ways a piece (not a pawn) of kind t on s may move: the count of its leaps and rays that
// have a move (a square both on a ray and a leap counts with the ray), and for one way, the
// square that a man standing on takes it away: the leap's, or the ray's first.
struct Ways {
  int count = 0;
  Square only = kNoSquare;
};

Ways ways_of(const Position& pos, PieceType t, Square s) {
  const Geometry& g = pos.geometry();
  const Bitboard targets = g.attacks(t, s, pos.pieces()) & g.board() & ~pos.pieces(color_of(pos.piece_on(s)));
  Bitboard rays = 0;
  Ways ways;
  for (int d = 0; d < kDirectionCount; ++d) {
    if (!(is_orthogonal(d) ? g.rides_orthogonal(t) : g.rides_diagonal(t))) continue;
    const Bitboard ray = g.ray(d, s);
    rays |= ray;
    if (!(targets & ray)) continue;
    ++ways.count;
    ways.only = d < 4 ? lsb(ray) : msb(ray);
  }
  const Bitboard leaps = targets & ~rays;
  ways.count += popcount(leaps);
  if (leaps) ways.only = lsb(leaps);
  return ways;
}

// The defender's pieces (not its pawns or king) that have a move, with their ways: the first
// kMaxMoving of them (the others make no demand).
class MovingPieces {
 public:
  static constexpr int kMaxMoving = 16;

  MovingPieces(const Position& pos, Bitboard pieces) {
    for (Bitboard b = pieces; b && count_ < kMaxMoving;) {
      const Square man = pop_lsb(b);
      const Ways ways = ways_of(pos, type_of(pos.piece_on(man)), man);
      if (ways.count) pieces_[count_++] = {man, ways};
    }
  }

  int count() const { return count_; }

  // Adds the pieces off men.lines to its demands; returns the free ones (two ways).
  Bitboard add_off_lines(StalemateDemands::LastMen& men) const {
    Bitboard free_pieces = 0;
    for (int i = 0; i < count_; ++i) {
      const auto& [man, ways] = pieces_[i];
      if (has(men.lines, man)) continue;
      if (ways.count >= 2) free_pieces |= square_bb(man);
      if (ways.count == 1 && men.one_ways < StalemateDemands::LastMen::kMaxOneWay) {
        men.demanding |= square_bb(man);
        men.one_way[men.one_ways++] = {man, ways.only};
      }
    }
    men.demanding |= free_pieces;
    return free_pieces;
  }

  // The squares next to the king on `king` that its move may go to and leave one demand at
  // most: the pieces off the lines from there keep theirs, but one whose one way it takes. With
  // first_only, the first such square found.
  Bitboard king_squares(const Position& pos, PinWays pin, Square king, bool first_only) const {
    const Geometry& g = pos.geometry();
    Bitboard squares = 0;
    for (Bitboard b = g.leaps(PieceType::King, king) & g.board() & ~pos.pieces(color_of(pos.piece_on(king))); b;) {
      const Square to = pop_lsb(b);
      const Bitboard lines = pin_lines(g, pin, to);
      int demands = 0;
      for (int i = 0; i < count_ && demands <= 1; ++i) {
        const auto& [man, ways] = pieces_[i];
        demands += !has(lines, man) && (ways.count >= 2 || ways.only != to);
      }
      if (demands > 1) continue;
      squares |= square_bb(to);
      if (first_only) break;
    }
    return squares;
  }

 private:
  std::array<std::pair<Square, Ways>, kMaxMoving> pieces_{};
  int count_ = 0;
};

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
  const Geometry& g = pos.geometry();
  const Color defender = ~attacker;
  const int forward = pawn_forward(defender);
  const PinWays pin = pin_ways(pos, attacker, 1);
  LastMen men;
  men.king = pos.king_square(defender);
  men.lines = pin_lines(g, pin, men.king);
  men.pieces = defender_pieces(pos, defender);
  const MovingPieces moving(pos, men.pieces);
  men.king_squares = moving.king_squares(pos, pin, men.king, false);
  const Bitboard free_pieces = moving.add_off_lines(men);
  // The pawns off the lines whose push is free.
  Bitboard free_pawns = 0;
  Bitboard aheads = 0;  // the squares in front of them
  for (Bitboard b = pos.pieces(defender, PieceType::Pawn) & ~men.lines; b;) {
    const Square man = pop_lsb(b);
    if (const Square ahead = Square(man + forward); !has(pos.pieces(), ahead)) {
      free_pawns |= square_bb(man);
      aheads |= square_bb(ahead);
    }
  }
  const int count = popcount(free_pieces | free_pawns);
  if (count >= 4 || (count == 3 && !free_pawns)) {
    men.movers = men.landings = 0;
  } else if (count == 3) {
    men.movers = free_pieces | free_pawns;
    men.landings = aheads;
  }
  return men;
}

bool StalemateDemands::only_captures_first(const Position& pos, Color attacker) {
  const Color defender = ~attacker;
  const Bitboard pieces = defender_pieces(pos, defender);
  if (popcount(pieces) < 3) return false;  // one man's move may leave one demand at most
  const MovingPieces moving(pos, pieces);
  if (moving.count() < 3) return false;
  const PinWays pin = pin_ways(pos, attacker, 2);
  LastMen men;
  men.king = pos.king_square(defender);
  men.lines = pin_lines(pos.geometry(), pin, men.king);
  moving.add_off_lines(men);
  return men.fewest_demands_after_man() > 1 && !moving.king_squares(pos, pin, men.king, true);
}

bool StalemateDemands::LastMen::no_man_moves() const {
  return !movers || !landings || fewest_demands_after_man() > 1;
}

int StalemateDemands::LastMen::fewest_demands_after_man() const {
  int most_sharing = 0;
  for (int i = 0; i < one_ways; ++i) {
    int sharing = 0;
    for (int j = 0; j < one_ways; ++j) sharing += one_way[j].only == one_way[i].only;
    most_sharing = std::max(most_sharing, sharing);
  }
  return popcount(demanding) - 1 - most_sharing;
}

bool StalemateDemands::LastMen::allows(Move m) const {
  if (m.from() == king) return has(king_squares, m.to());
  if (!has(movers, m.from()) || !has(landings, m.to())) return false;
  Bitboard left = demanding & ~square_bb(m.from());
  for (int i = 0; i < one_ways; ++i) {
    if (one_way[i].only == m.to()) left &= ~square_bb(one_way[i].man);
  }
  const bool keeps_move = has(pieces, m.from()) && !has(lines, m.to());
  return popcount(left) + keeps_move <= 1;
}

}  // namespace dm::search
