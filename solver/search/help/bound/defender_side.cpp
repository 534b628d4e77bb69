// The defender's side as the bound sees it (EndingBound::defence): where its men and king may
// stand with its moves left; and, for the move filters, the men nearest its king, the fills
// they must make and the squares that bring a fill nearer.

#include <algorithm>
#include <array>
#include <vector>

#include "solver/search/help/bound/bound_detail.h"
#include "solver/search/help/bound/ending_bound.h"

namespace dm::search {

using namespace bound_detail;  // NOLINT(google-build-using-namespace): the bound's own helpers

EndingBound::Defence EndingBound::defence(const Position& pos, Color defender, int moves) const {
  return defence(pos, defender, moves, pos.pieces(defender) & ~square_bb(pos.king_square(defender)));
}

EndingBound::Defence EndingBound::defence(const Position& pos, Color defender, int moves, Bitboard men) const {
  Defence d;
  d.position = &pos;
  d.color = defender;
  d.king = pos.king_square(defender);
  d.men = men;
  d.moves = moves;
  const int step = std::min(moves, kSteps - 1);
  d.holds = 0;
  for (Bitboard b = d.men; b;) {
    const Square from = pop_lsb(b);
    d.holds |= shared_.stands[index(defender)][index(type_of(pos.piece_on(from)))][from][step];
  }
  d.walk = shared_.stands[index(defender)][index(PieceType::King)][d.king][step];
  return d;
}

EndingBound::NearestMen EndingBound::nearest_men(const Defence& d) const {
  NearestMen near;
  const int step = std::min(d.moves, kSteps - 1);
  for (Bitboard b = d.men; b;) {
    const Square from = pop_lsb(b);
    const Steps& reach = shared_.stands[index(d.color)][index(type_of(d.position->piece_on(from)))][from];
    Bitboard seen = 0;
    for (int m = 0; m <= step; ++m) {
      for (Bitboard ring = reach[size_t(m)] & ~seen; ring;) {
        NearestMen::Entry& e = near.squares[size_t(pop_lsb(ring))];
        if (m < e.first) {
          e.second = e.first;
          e.first = uint8_t(m);
          e.man = from;
        } else if (m < e.second) {
          e.second = uint8_t(m);
        }
      }
      seen |= reach[size_t(m)];
    }
  }
  return near;
}

const std::vector<EndingBound::Fill>& EndingBound::fills_to_make(const Defence& d, const NearestMen& near,
                                                                 const Army& a, Color attacker,
                                                                 int attacker_moves) const {
  std::vector<Fill>& fills = scratch_.buffers_->fills;
  fills.clear();
  const auto add = [&](Bitboard squares, Bitboard candidates, int budget) {
    Fill fill{squares, candidates, budget, 0, 0, 0};
    for (Bitboard f = squares; f;) {
      const Square q = pop_lsb(f);
      const NearestMen::Entry& e = near.squares[size_t(q)];
      if (e.first == kFar) {
        fill.unreached |= square_bb(q);
      } else {
        fill.nearest_moves += e.first;
        fill.nearest_men |= square_bb(e.man);
      }
    }
    if (popcount(fill.unreached) <= 1) fills.push_back(fill);
  };
  bound::AttackerSets::Lookup lookup(sets_, a, attacker, attacker_moves, false);
  // The squares the king may end on: within its walk, and for a mate where the attacker may
  // check (which no move of the defender's changes).
  for (Bitboard b = shared_.goal == Goal::Mate ? d.walk & a.roaming.checks : d.walk; b;) {
    const Square k = pop_lsb(b);
    const int budget = d.moves - king_walk(d.king, k);
    const Bitboard around = shared_.geometry.leaps(PieceType::King, k) & shared_.geometry.board();
    const Zone& zone = shared_.zones[k];
    const bound::AttackerSets::PlacedSets& sets = lookup.sets(k);
    if (sets.count == bound::AttackerSets::PlacedSets::kTooMany) {
      add(around & ~a.roaming.guards, around, budget);
      continue;
    }
    for (int x = 0; x < sets.count; ++x) {
      const Bitboard unguarded = zone.unguarded(sets.sets[size_t(x)]);
      add(unguarded, unguarded, budget);
    }
  }
  return fills;
}

Bitboard EndingBound::nearer_squares(const Defence& d, const NearestMen& near, const std::vector<Fill>& fills,
                                     Square from) const {
  const PieceType type = type_of(d.position->piece_on(from));
  const auto& stands_of = shared_.stands[index(d.color)];
  const Within& stands = stands_of[index(type)];
  const Moves& moves_to_stand = shared_.moves_to_stand[index(d.color)][index(type)];
  // A pawn's moves that capture nothing: forward on its file, one move away (two squares from
  // where it starts), where it may promote.
  const bool pawn = type == PieceType::Pawn;
  const Bitboard pushes = pawn ? stands[from][1] & shared_.geometry.file_bb(file_of(from)) & ~square_bb(from) : 0;
  const Bitboard last_rank = shared_.geometry.rank_bb(d.color == Color::White ? shared_.geometry.ranks() - 1 : 0);
  // Whether the pawn pushed to `to` (promoted there to some kind, on the last rank) stands on q
  // within `moves` moves.
  const auto lands_within = [&](Square to, Square q, int moves) {
    if (!has(last_rank, to)) return has(stands[to][size_t(moves)], q);
    for (const PieceType kind : shared_.pawn_kinds) {
      if (kind != PieceType::Pawn && has(stands_of[index(kind)][to][size_t(moves)], q)) return true;
    }
    return false;
  };
  Bitboard nearer = 0;
  for (const Fill& fill : fills) {
    if (!fill.candidates) return ~Bitboard(0);  // none to fill: never so where passing fails
    // What the other men need at least to fill those squares, and the squares none of them
    // reaches (this piece must fill such a square, and can fill one only): the nearest men's,
    // but where this piece is the nearest, the next nearest's.
    int others = fill.nearest_moves;
    Bitboard unreached = fill.unreached;
    if (has(fill.nearest_men, from)) {
      for (Bitboard f = fill.squares & ~fill.unreached; f;) {
        const Square q = pop_lsb(f);
        const NearestMen::Entry& e = near.squares[size_t(q)];
        if (e.man != from) continue;
        others -= e.first;
        if (e.second == kFar) {
          unreached |= square_bb(q);
        } else {
          others += e.second;
        }
      }
      if (popcount(unreached) > 1) continue;
    }
    for (Bitboard f = unreached ? unreached : fill.candidates; f;) {
      const Square q = pop_lsb(f);
      const int own = has(fill.squares, q) && !unreached ? near.squares[size_t(q)].but(from) : 0;
      const int reach = std::min(int(moves_to_stand[from][q]) - 1, std::min(fill.budget - (others - own), kSteps - 1));
      if (reach < 0) continue;
      if (!pawn) {
        nearer |= stands[q][size_t(reach)];
        continue;
      }
      for (Bitboard p = pushes & ~nearer; p;) {
        const Square to = pop_lsb(p);
        if (lands_within(to, q, reach)) nearer |= square_bb(to);
      }
    }
  }
  return nearer;
}

Bitboard EndingBound::king_approaches(const Defence& d, const Army& a, Color attacker, int attacker_moves) const {
  const Bitboard next = shared_.geometry.leaps(PieceType::King, d.king) & shared_.geometry.board();
  const Within& walks = shared_.stands[index(d.color)][index(PieceType::King)];
  Bitboard approaches = 0;
  for (Bitboard b = boxing_squares(d, a.roaming, d.walk, false); b;) {
    const Square k = pop_lsb(b);
    const int walk = king_walk(d.king, k);
    if (walk == 0) continue;
    const Bitboard nearer = next & walks[k][size_t(walk - 1)];
    if ((nearer & ~approaches) && may_box_placed(d, a, attacker, attacker_moves, square_bb(k))) approaches |= nearer;
  }
  return approaches;
}

}  // namespace dm::search
