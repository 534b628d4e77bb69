#include "solver/search/help/bound/stalemate_demands.h"

#include <algorithm>

namespace dm::search {

namespace {

// Where a piece of the attacker's that pins along each way (ranks and files, or diagonals) may
// stand after `moves` moves: a rider of that way on its square or, with one move, where it goes
// on an empty board; a pawn that many ranks from promoting, as any piece on its last rank; with
// two moves or more, anywhere. Every rider rides ranks, files or diagonals (piece.h).
struct PinWays {
  Bitboard orthogonal = 0;
  Bitboard diagonal = 0;
  Bitboard along(int direction) const { return is_orthogonal(direction) ? orthogonal : diagonal; }
};

PinWays pin_ways(const Position& pos, Color attacker, int moves) {
  const Geometry& g = pos.geometry();
  PinWays ways;
  const int last_rank = attacker == Color::White ? g.ranks() - 1 : 0;
  const int forward_rank = attacker == Color::White ? -1 : 1;  // a rank nearer its own side
  const Bitboard pawns = pos.pieces(attacker, PieceType::Pawn);
  for (int m = 1; m <= moves; ++m) {
    if (!(pawns & g.rank_bb(last_rank + m * forward_rank))) continue;
    const Bitboard stands = m < moves ? g.board() : g.rank_bb(last_rank);
    ways.orthogonal |= stands;
    ways.diagonal |= stands;
  }
  for (Bitboard b = pos.pieces(attacker); b;) {
    const Square s = pop_lsb(b);
    const PieceType t = type_of(pos.piece_on(s));
    if (!g.rides_orthogonal(t) && !g.rides_diagonal(t)) continue;
    const Bitboard stands = moves >= 2 ? g.board() : (g.attacks(t, s, 0) & g.board()) | square_bb(s);
    if (g.rides_orthogonal(t)) ways.orthogonal |= stands;
    if (g.rides_diagonal(t)) ways.diagonal |= stands;
  }
  return ways;
}

// Whether a pin along direction d may leave a man of kind t without a move: not one that rides
// that way (it still moves along the ray, onto the pinner at least), nor a pawn pinned along its
// file while its push is free.
bool held_along(const Geometry& g, int d, PieceType t, bool pushes) {
  if (t == PieceType::Pawn) return !pushes || (d & 3) != kNorth;
  return !(is_orthogonal(d) ? g.rides_orthogonal(t) : g.rides_diagonal(t));
}

// The squares on the rays from the defender's king standing on `king` where the attacker may pin
// a man (`ways`): those nearer to the king than the farthest square of the ray a pinner may stand
// on (with two moves, all but the ray's last square). By the way of the ray, each with the king's
// own square.
struct PinLines : StalemateDemands::HoldingLines {
  Bitboard file = 0;  // the orthogonal rays along the king's file
  // Each ray (empty where the attacker may not pin), every entry set by pin_lines: left
  // uninitialised here, as zeroing it first cost more than the rest of pin_lines.
  std::array<Bitboard, kDirectionCount> rays;
  // Where a pin may hold a man of kind t (held_along): a pawn's push is free.
  Bitboard holding(const Geometry& g, PieceType t) const {
    if (t == PieceType::Pawn) return diagonal | (orthogonal & ~file);
    return HoldingLines::holding(g, t);
  }
};

inline PinLines pin_lines(const Geometry& g, const PinWays& ways, Square king) {
  PinLines lines;
  lines.orthogonal = lines.diagonal = lines.file = square_bb(king);
  for (int d = 0; d < kDirectionCount; ++d) {
    Bitboard ray = g.ray(d, king);
    const Bitboard pinners = ray & ways.along(d);
    if (!pinners) {
      ray = 0;
    } else {
      const Square farthest = d < 4 ? msb(pinners) : lsb(pinners);
      ray &= ~g.ray(d, farthest) & ~square_bb(farthest);
    }
    lines.rays[d] = ray;
    (is_orthogonal(d) ? lines.orthogonal : lines.diagonal) |= ray;
    if ((d & 3) == kNorth) lines.file |= ray;
  }
  return lines;
}

// The demands of the men of `held`, each on a ray of `rays` along which a pin may hold it: a pin
// holds one man at most, so each ray's men make demands but one.
int crowding(const std::array<Bitboard, kDirectionCount>& rays, Bitboard held) {
  int demands = 0;
  for (const Bitboard ray : rays) demands += std::max(popcount(held & ray) - 1, 0);
  return demands;
}

// The defender's men that a pin may hold after one move of the attacker: on a ray from their
// king where it may pin (pin_lines), the first man, or the second behind a piece of the attacker
// (which may move off), where the pin leaves it no move (held_along).
Bitboard pinnable(const Position& pos, Color attacker) {
  const Geometry& g = pos.geometry();
  const Color defender = ~attacker;
  const PinLines lines = pin_lines(g, pin_ways(pos, attacker, 1), pos.king_square(defender));
  Bitboard men = 0;
  for (int d = 0; d < kDirectionCount; ++d) {
    Bitboard on_ray = lines.rays[d] & pos.pieces();
    for (int nth = 0; nth < 2 && on_ray; ++nth) {
      const Square s = d < 4 ? lsb(on_ray) : msb(on_ray);
      on_ray ^= square_bb(s);
      if (!has(pos.pieces(defender), s)) continue;
      const PieceType t = type_of(pos.piece_on(s));
      const bool pushes = t == PieceType::Pawn && !has(pos.pieces(), Square(s + pawn_forward(defender)));
      if (held_along(g, d, t, pushes)) men |= square_bb(s);
      break;
    }
  }
  return men;
}

// The defender's men but its pawns and its king.
Bitboard defender_pieces(const Position& pos, Color defender) {
  return pos.pieces(defender) & ~pos.pieces(defender, PieceType::Pawn) & ~square_bb(pos.king_square(defender));
}

// The defender's pawns whose push is free.
Bitboard pushing_pawns(const Position& pos, Color defender) {
  Bitboard pawns = 0;
  for (Bitboard b = pos.pieces(defender, PieceType::Pawn); b;) {
    const Square man = pop_lsb(b);
    if (!has(pos.pieces(), Square(man + pawn_forward(defender)))) pawns |= square_bb(man);
  }
  return pawns;
}

// Adds to men the pawns of `pushing`: free where no pin along `lines` may hold them, held
// otherwise; each with the square in front.
void add_pawns(const Geometry& g, const PinLines& lines, StalemateDemands::LastMen& men, Bitboard pushing,
               Color defender) {
  men.forward = pawn_forward(defender);
  const Bitboard holding = lines.holding(g, PieceType::Pawn);
  men.free_pawns = pushing & ~holding;
  for (Bitboard b = men.free_pawns; b;) men.aheads |= square_bb(Square(pop_lsb(b) + men.forward));
  men.held |= pushing & holding;
  for (Bitboard b = pushing & holding; b;) men.held_aheads |= square_bb(Square(pop_lsb(b) + men.forward));
}

// The squares on which a man of its own takes a way away from a piece (not a pawn) of kind t on
// s, `occupied` the board's men and `own` its side's: the first square of each of its rays that
// has a move, and the square of each leap off its rays (a square both on a ray and a leap counts
// with the ray).
Bitboard way_squares(const Geometry& g, PieceType t, Square s, Bitboard occupied, Bitboard own) {
  const Bitboard targets = g.attacks(t, s, occupied) & g.board() & ~own;
  Bitboard rays = 0;
  Bitboard squares = 0;
  for (int d = 0; d < kDirectionCount; ++d) {
    if (!(is_orthogonal(d) ? g.rides_orthogonal(t) : g.rides_diagonal(t))) continue;
    const Bitboard ray = g.ray(d, s);
    rays |= ray;
    if (targets & ray) squares |= square_bb(d < 4 ? lsb(ray) : msb(ray));
  }
  return squares | (targets & ~rays);
}

// The ways a piece (not a pawn) may move (way_squares): their count, and for one way, the square
// that a man standing on takes it away.
struct Ways {
  int count;
  Square only;
};

// The defender's pieces (not its pawns or king) that have a move, with their ways: the first
// kMaxMoving of them (the others make no demand).
class MovingPieces {
 public:
  static constexpr int kMaxMoving = 16;

  MovingPieces(const Position& pos, Bitboard pieces) {
    const Bitboard occupied = pos.pieces();
    for (Bitboard b = pieces; b && count_ < kMaxMoving;) {
      const Square man = pop_lsb(b);
      const PieceType t = type_of(pos.piece_on(man));
      const Bitboard squares = way_squares(pos.geometry(), t, man, occupied, pos.pieces(color_of(pos.piece_on(man))));
      const int count = popcount(squares);
      if (count <= 2) few_ways_ |= squares;
      if (!count) {
        stuck_ |= square_bb(man);
        continue;
      }
      pieces_[count_++] = {man, t, {count, lsb(squares)}};
    }
  }

  // The way squares of the pieces with one or two ways, and the pieces with none (of the first
  // kMaxMoving with a move and those before them).
  Bitboard few_ways() const { return few_ways_; }
  int count() const { return count_; }
  Bitboard stuck() const { return stuck_; }

  // Adds the pieces to men: to its demands those no pin along `lines` may hold, to its held men
  // the others; those with one way to its list of them (past kMaxOneWay, they make no demand).
  // Returns the free ones (two ways, no pin may hold them).
  Bitboard add_pieces(const Geometry& g, const PinLines& lines, StalemateDemands::LastMen& men) const {
    Bitboard free_pieces = 0;
    for (int i = 0; i < count_; ++i) {
      const auto& [man, type, ways] = pieces_[i];
      const bool held = has(lines.holding(g, type), man);
      Bitboard& demands = held ? men.held : men.demanding;
      if (ways.count >= 2) {
        demands |= square_bb(man);
        if (!held) free_pieces |= square_bb(man);
      } else if (men.one_ways < StalemateDemands::LastMen::kMaxOneWay) {
        demands |= square_bb(man);
        men.one_way[men.one_ways++] = {man, ways.only};
      }
    }
    return free_pieces;
  }

  // The demands left where the defender's king moves to `to`: the pieces no pin along the
  // lines from there may hold keep theirs, but one whose one way it takes, and so do the pawns
  // of `pushing` (their push free), but one it stands in front of (`forward`: a pawn's step);
  // of the held men, each ray's but one. `lines` are those from `to`. Counting stops at
  // `enough`, which it then returns.
  int king_demands(const Geometry& g, const PinLines& lines, Square to, Bitboard pushing, int forward,
                   int enough) const {
    int demands = 0;
    Bitboard held = 0;
    const Bitboard pawn_holding = lines.holding(g, PieceType::Pawn);
    for (Bitboard pawns = pushing; pawns;) {
      const Square pawn = pop_lsb(pawns);
      if (Square(pawn + forward) == to) continue;
      if (has(pawn_holding, pawn)) {
        held |= square_bb(pawn);
      } else if (++demands == enough) {
        return enough;
      }
    }
    for (int i = 0; i < count_; ++i) {
      const auto& [man, type, ways] = pieces_[i];
      if (ways.count == 1 && ways.only == to) continue;
      if (has(lines.holding(g, type), man)) {
        held |= square_bb(man);
      } else if (++demands == enough) {
        return enough;
      }
    }
    return std::min(demands + crowding(lines.rays, held), enough);
  }

  // The squares of `targets` (next to the king on `king`) that its move may go to and leave
  // `most` demands at most (king_demands).
  Bitboard king_squares(const Position& pos, const PinWays& pin, Square king, Bitboard targets, Bitboard pushing,
                        int most) const {
    const int forward = pawn_forward(color_of(pos.piece_on(king)));
    Bitboard squares = 0;
    for (Bitboard b = targets; b;) {
      const Square to = pop_lsb(b);
      if (king_demands(pos.geometry(), pin_lines(pos.geometry(), pin, to), to, pushing, forward, most + 1) <= most) {
        squares |= square_bb(to);
      }
    }
    return squares;
  }

 private:
  struct Moving {
    Square man;
    PieceType type;
    Ways ways;
  };
  std::array<Moving, kMaxMoving> pieces_;  // the first count_ are set (zeroing the rest cost more)
  int count_ = 0;
  Bitboard few_ways_ = 0;
  Bitboard stuck_ = 0;
};

// Adds the defender's men to men as the lines from its king see them: the rays, the pieces
// (add_pieces) and the pawns of `pushing` (add_pawns). Returns the free pieces.
Bitboard add_men(const Geometry& g, const PinLines& lines, const MovingPieces& moving, Bitboard pushing,
                 Color defender, StalemateDemands::LastMen& men) {
  men.rays = lines.rays;
  const Bitboard free_pieces = moving.add_pieces(g, lines, men);
  add_pawns(g, lines, men, pushing, defender);
  return free_pieces;
}

// Whether a pawn of `defender` from `from` that lands on `to` may end without a move there: the
// square in front is taken, or a pin may hold it there; promoting, where a man of a kind it may
// promote to would have none there (its own men on all its squares, or a pin holding it).
bool pawn_may_stop(const Position& pos, const PinLines& lines, Color defender, Square from, Square to) {
  const Geometry& g = pos.geometry();
  if (has(g.rank_bb(defender == Color::White ? g.ranks() - 1 : 0), to)) {
    const Bitboard occupied = pos.pieces() & ~square_bb(from);
    const Bitboard own = pos.pieces(defender) & ~square_bb(from);
    for (const PieceType t : pos.variant().promotions) {
      if (has(lines.holding(g, t), to) || !(g.attacks(t, to, occupied) & g.board() & ~own)) return true;
    }
    return false;
  }
  return has(lines.holding(g, PieceType::Pawn), to) || has(pos.pieces(), Square(to + pawn_forward(defender)));
}

// Whether a man of the defender's that makes a demand in men may end its own move without a move
// left (docs/help-bound.md, invariants 36 and 37): a held man on a ray that holds two, a piece
// that may land where a pin may hold it, a pushing pawn (of `pushing`) whose push or capture may
// land where it stops. Where
// `enablers` is given the attacker is still to move: its pieces may move off a piece's ray, a
// pawn's capture is taken wherever it may land (en passant too: in front of that square the
// attacker's pawn stands now), and `enablers` gets the squares in front of a pawn's pushes and of
// the attacker's men it may capture, where the attacker's move would stop it.
bool own_may_stop(const Position& pos, Color attacker, const PinLines& lines, const StalemateDemands::LastMen& men,
                  Bitboard pushing, Bitboard* enablers) {
  const Geometry& g = pos.geometry();
  const Color defender = ~attacker;
  if (crowding(men.rays, men.held) > 0) return true;
  const Bitboard occupied = pos.pieces();
  const Bitboard own = pos.pieces(defender);
  const Bitboard rays_through = enablers ? occupied & ~pos.pieces(attacker) : occupied;
  for (Bitboard b = defender_pieces(pos, defender); b;) {
    const Square man = pop_lsb(b);
    const PieceType t = type_of(pos.piece_on(man));
    if (g.attacks(t, man, rays_through) & g.board() & ~own & lines.holding(g, t)) return true;
  }
  const int forward = pawn_forward(defender);
  const Bitboard capturable = enablers ? ~own : pos.pieces(attacker) | pos.ep_squares();
  const Bitboard two_step_rank = g.rank_bb(defender == Color::White ? 2 : g.ranks() - 3);
  const Bitboard last_rank = g.rank_bb(defender == Color::White ? g.ranks() - 1 : 0);
  for (Bitboard b = pushing; b;) {
    const Square pawn = pop_lsb(b);
    for (Bitboard c = g.pawn_attacks(defender, pawn) & g.board() & capturable; c;) {
      const Square to = pop_lsb(c);
      if (pawn_may_stop(pos, lines, defender, pawn, to)) return true;
      // A man of the attacker's to capture there now: its move may stand in front of it.
      if (enablers && has(pos.pieces(attacker), to) && !has(last_rank, to)) {
        *enablers |= square_bb(Square(to + forward));
      }
    }
    // The push (free: the pawn is of `pushing`), and the two-step from the square it passes.
    Square to = Square(pawn + forward);
    for (int step = 1; step <= 2; ++step, to = Square(to + forward)) {
      if (pawn_may_stop(pos, lines, defender, pawn, to)) return true;
      if (has(last_rank, to)) break;
      if (enablers) *enablers |= square_bb(Square(to + forward));
      if (!has(two_step_rank, to) || has(occupied, Square(to + forward))) break;
    }
  }
  return false;
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
  const Geometry& g = pos.geometry();
  const Color defender = ~attacker;
  const PinWays pin = pin_ways(pos, attacker, 1);
  LastMen men;
  men.king = pos.king_square(defender);
  const PinLines lines = pin_lines(g, pin, men.king);
  men.orthogonal_lines = lines.orthogonal;
  men.diagonal_lines = lines.diagonal;
  men.pieces = defender_pieces(pos, defender);
  for (Bitboard b = men.pieces; b;) {
    const Square man = pop_lsb(b);
    const PieceType t = type_of(pos.piece_on(man));
    if (g.rides_orthogonal(t)) men.orthogonal_riders |= square_bb(man);
    if (g.rides_diagonal(t)) men.diagonal_riders |= square_bb(man);
  }
  const MovingPieces moving(pos, men.pieces);
  const Bitboard pushing = pushing_pawns(pos, defender);
  const Bitboard king_moves = g.leaps(PieceType::King, men.king) & g.board() & ~pos.pieces(defender);
  men.king_squares = moving.king_squares(pos, pin, men.king, king_moves, pushing, 1);
  const Bitboard free_pieces = add_men(g, lines, moving, pushing, defender, men);
  men.occupied = pos.pieces();
  men.pawn_holding = lines.holding(g, PieceType::Pawn);
  // Where a man's move may meet its own demand, the fewest left decide no_man_moves alike, but one.
  if (men.fewest_demands_after_man() == 1) men.own_may_stop = own_may_stop(pos, attacker, lines, men, pushing, nullptr);
  const Bitboard free_pawns = men.free_pawns;
  const int count = popcount(free_pieces | free_pawns);
  if (count >= 4 || (count == 3 && !free_pawns)) {
    men.movers = men.landings = 0;
  } else if (count == 3) {
    men.movers = free_pieces | free_pawns;
    men.landings = men.aheads;
  }
  return men;
}

StalemateDemands::SecondLastLandings StalemateDemands::second_last_landings(const Position& pos, Color attacker) {
  const Geometry& g = pos.geometry();
  const Color defender = ~attacker;
  const MovingPieces moving(pos, defender_pieces(pos, defender));
  const PinWays pin = pin_ways(pos, attacker, 2);
  LastMen men;
  men.king = pos.king_square(defender);
  const PinLines lines = pin_lines(g, pin, men.king);
  const Bitboard pushing = pushing_pawns(pos, defender);
  add_men(g, lines, moving, pushing, defender, men);
  // Where a man's move may meet its own demand, fewer than one demand or more than two left
  // decide alike whether it may (see below); the test is made only where it may change that.
  Bitboard stopping = 0;  // where this move lets a pawn's push end without a move
  if (const int fewest_if_own = men.fewest_demands_after_man(); fewest_if_own == 1 || fewest_if_own == 2) {
    men.own_may_stop = own_may_stop(pos, attacker, lines, men, pushing, &stopping);
  }
  // This move meets one demand at most, as the attacker's last does, or stops a pawn's push
  // (docs/help-bound.md, invariants 38 and 39). Taking a man next to the king, it opens that
  // square to the king as well.
  SecondLastLandings landings;
  const int fewest = men.fewest_demands_after_man();
  if (fewest <= 1) landings.any_landing |= square_bb(men.king);
  if (fewest == 2) landings.few_landing |= square_bb(men.king);
  const int forward = pawn_forward(defender);
  for (Bitboard b = g.leaps(PieceType::King, men.king) & g.board(); b;) {
    const Square to = pop_lsb(b);
    const bool own = has(pos.pieces(defender), to);
    const int demands = moving.king_demands(g, pin_lines(g, pin, to), to, pushing, forward, 3);
    if (demands <= 1 && !own) {
      landings.any_landing |= square_bb(to);
    } else if (demands <= 2) {
      landings.few_landing |= square_bb(to);
    }
  }
  landings.few =
      pos.pieces(defender) | pos.ep_squares() | men.aheads | men.held_aheads | (men.own_may_stop ? 0 : stopping);
  return landings;
}

StalemateDemands::SecondLastMen StalemateDemands::second_last_men(const Position& pos, Color attacker) {
  const Geometry& g = pos.geometry();
  const Color defender = ~attacker;
  SecondLastMen men;
  const Bitboard pieces = defender_pieces(pos, defender);
  if (popcount(pieces) > LastMen::kMaxOneWay) return men;
  // The count as the men stand (second_last_landings'), a man's move taking its own demand away:
  // at most one demand for each piece with a move and each pawn whose push is free, less the
  // man's own and, where a pawn pushes, the one in front of it.
  const Bitboard pushing = pushing_pawns(pos, defender);
  const int pawns_less_met = popcount(pushing) - 1 - (pushing != 0);
  if (popcount(pieces) + pawns_less_met < 2) return men;
  const MovingPieces moving(pos, pieces);
  if (moving.count() + pawns_less_met < 2) return men;
  const PinWays pin = pin_ways(pos, attacker, 2);
  const Square king = pos.king_square(defender);
  const PinLines lines = pin_lines(g, pin, king);
  LastMen last;
  add_men(g, lines, moving, pushing, defender, last);
  const int fewest_if_own = last.fewest_demands_after_man();
  if (fewest_if_own < 2) return men;
  if (fewest_if_own == 2) {
    Bitboard enablers = 0;
    if (own_may_stop(pos, attacker, lines, last, pushing, &enablers)) return men;
    men.own_taken = false;
  }
  men.here = lines;
  men.near = men.here;
  const int forward = pawn_forward(defender);
  for (Bitboard b = g.leaps(PieceType::King, king) & g.board(); b;) {
    const Square to = pop_lsb(b);
    const PinLines from_there = pin_lines(g, pin, to);
    if (moving.king_demands(g, from_there, to, pushing, forward, 3) < 3) return men;
    men.near.orthogonal |= from_there.orthogonal;
    men.near.diagonal |= from_there.diagonal;
  }
  men.every = false;
  const Bitboard occupied = pos.pieces();
  const Bitboard own = pos.pieces(defender);
  // The king's and the pawns' moves; a man's from in front of a pawn; onto a square in front of a
  // free pawn, or onto a way of a piece with two ways or one; from a way of a piece with none.
  const Bitboard pawns = pos.pieces(defender, PieceType::Pawn);
  men.movers = square_bb(king) | pawns;
  for (Bitboard b = pawns; b;) men.movers |= square_bb(Square(pop_lsb(b) + forward));
  men.landings = last.aheads | last.held_aheads | moving.few_ways();
  for (Bitboard b = moving.stuck(); b;) {
    const Square man = pop_lsb(b);
    men.movers |= g.attacks(type_of(pos.piece_on(man)), man, occupied) & g.board();
  }
  if (men.own_taken) return men;
  // No man's move may end without a move, as own_may_stop finds (a piece's rays pass the
  // attacker's men, a pawn captures on any square but its own side's): nor from a square whose
  // man keeps another piece from where a pin may hold it, or where a pawn whose push is free
  // would stop, capturing or two-stepping to it; nor onto a square in front of where such a pawn
  // lands, or on the one way of a man it promotes to.
  const Bitboard rays_through = occupied & ~pos.pieces(attacker);
  for (Bitboard b = pieces; b;) {
    const Square man = pop_lsb(b);
    const PieceType t = type_of(pos.piece_on(man));
    const Bitboard holding = men.here.holding(g, t);
    for (Bitboard keeping = g.attacks(t, man, rays_through) & own & ~men.movers; keeping;) {
      const Bitboard from = square_bb(pop_lsb(keeping));
      if (g.attacks(t, man, rays_through & ~from) & g.board() & ~(own & ~from) & holding) men.movers |= from;
    }
  }
  const Bitboard last_rank = g.rank_bb(defender == Color::White ? g.ranks() - 1 : 0);
  const Bitboard two_step_rank = g.rank_bb(defender == Color::White ? 2 : g.ranks() - 3);
  const Bitboard pawn_holding = lines.holding(g, PieceType::Pawn);
  const auto stops_on = [&](Square to) {
    return has(last_rank, to) || has(pawn_holding, to) || has(occupied, Square(to + forward));
  };
  for (Bitboard b = pushing; b;) {
    const Square pawn = pop_lsb(b);
    const Bitboard captures = g.pawn_attacks(defender, pawn) & g.board();
    const Square push = Square(pawn + forward);
    Bitboard lands = captures | square_bb(push);
    if (has(two_step_rank, push)) {
      const Square two_step = Square(push + forward);
      lands |= square_bb(two_step);
      if (stops_on(two_step)) men.movers |= square_bb(two_step) & own;
    }
    for (Bitboard c = captures & own; c;) {
      const Square to = pop_lsb(c);
      if (stops_on(to)) men.movers |= square_bb(to);
    }
    for (Bitboard l = lands; l;) {
      const Square to = pop_lsb(l);
      if (!has(last_rank, to)) {
        men.landings |= square_bb(Square(to + forward));
        continue;
      }
      const Bitboard pawn_gone = ~square_bb(pawn);
      for (const PieceType t : pos.variant().promotions) {
        const Bitboard ways = way_squares(g, t, to, occupied & pawn_gone, own & pawn_gone);
        if (popcount(ways) <= 1) men.landings |= ways;
      }
    }
  }
  return men;
}

bool StalemateDemands::SecondLastMen::piece_may_change(const Position& pos, Move m) const {
  const Geometry& g = pos.geometry();
  const PieceType t = type_of(pos.piece_on(m.from()));
  if (has(near.holding(g, t), m.to())) return true;
  const Bitboard from = square_bb(m.from());
  const Bitboard to = square_bb(m.to());
  const Color side = color_of(pos.piece_on(m.from()));
  const Bitboard own_after = (pos.pieces(side) & ~from) | to;
  const Bitboard occupied_after = (pos.pieces() & ~from) | to;
  if (popcount(way_squares(g, t, m.to(), occupied_after, own_after)) <= 1) return true;
  if (own_taken) return false;
  return g.attacks(t, m.to(), occupied_after & ~pos.pieces(~side)) & g.board() & ~own_after & here.holding(g, t);
}

bool StalemateDemands::LastMen::no_man_moves() const {
  return !movers || !landings || fewest_demands_after_man() > 1;
}

int StalemateDemands::LastMen::most_met() const {
  // The pieces whose one way a square is, and the pawn in front of which it is.
  const Bitboard all_aheads = aheads | held_aheads;
  int most = all_aheads ? 1 : 0;
  for (int i = 0; i < one_ways; ++i) {
    int met = has(all_aheads, one_way[i].only);
    for (int j = 0; j < one_ways; ++j) met += one_way[j].only == one_way[i].only;
    most = std::max(most, met);
  }
  return most;
}

int StalemateDemands::LastMen::fewest_demands_after_man() const {
  return popcount(demanding | free_pawns) + crowding(rays, held) - int(own_may_stop) - most_met();
}

bool StalemateDemands::LastMen::allows(Move m) const {
  if (m.from() == king) return has(king_squares, m.to());
  if (!has(movers, m.from()) || !has(landings, m.to())) return false;
  // The demands left after the move: the man that moves, the pieces whose one way it lands on
  // and the pawn it stands in front of make none; a piece that moves keeps the move back, a
  // demand, or a held man where a pin may hold it there; a pawn that lands with its push free
  // makes a demand.
  Bitboard met = square_bb(m.from());
  for (int i = 0; i < one_ways; ++i) {
    if (one_way[i].only == m.to()) met |= square_bb(one_way[i].man);
  }
  if (has(aheads | held_aheads, m.to())) met |= square_bb(Square(m.to() - forward));
  Bitboard held_left = held & ~met;
  bool keeps_move = false;
  if (has(pieces, m.from())) {
    const Bitboard holding = (has(orthogonal_riders, m.from()) ? 0 : orthogonal_lines) |
                             (has(diagonal_riders, m.from()) ? 0 : diagonal_lines);
    if (has(holding, m.to())) {
      held_left |= square_bb(m.to());
    } else {
      keeps_move = true;
    }
  } else {
    keeps_move = m.promotion() == PieceType::None && !has(pawn_holding, m.to()) &&
                 !has(occupied, Square(m.to() + forward));
  }
  return popcount((demanding | free_pawns) & ~met) + keeps_move + crowding(rays, held_left) <= 1;
}

}  // namespace dm::search
