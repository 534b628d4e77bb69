#include "solver/search/check_distance.h"

#include <algorithm>
#include <cstdlib>

namespace dm::search {

namespace {

constexpr uint8_t kFar = CheckDistance::kUnreachable;
using Table = std::vector<std::array<uint8_t, kSquareSpace>>;  // [from][to or target]

uint8_t add(uint8_t a, uint8_t b) { return a == kFar || b == kFar ? kFar : uint8_t(std::min(a + b, kFar - 1)); }

Table unreachable() {
  Table table(kSquareSpace);
  for (auto& row : table) row.fill(kFar);
  return table;
}

// The fewest moves between two squares for a piece of kind t on an empty board.
Table paths(const Geometry& g, PieceType t) {
  Table moves = unreachable();
  for (Bitboard froms = g.board(); froms;) {
    const Square from = pop_lsb(froms);
    moves[from][from] = 0;
    Bitboard reached = square_bb(from);
    Bitboard frontier = reached;
    for (uint8_t step = 1; frontier; ++step) {
      Bitboard next = 0;
      for (Bitboard b = frontier; b;) next |= g.attacks(t, pop_lsb(b), 0);
      frontier = next & g.board() & ~reached;
      reached |= frontier;
      for (Bitboard b = frontier; b;) moves[from][pop_lsb(b)] = step;
    }
  }
  return moves;
}

// The fewest moves for a piece of kind t to stand where it attacks a target: a piece on s
// attacks every square it attacks from there.
Table piece_checks(const Geometry& g, PieceType t) {
  const Table moves = paths(g, t);
  Table checks = unreachable();
  for (Bitboard stands = g.board(); stands;) {
    const Square s = pop_lsb(stands);
    const Bitboard attacked = g.attacks(t, s, 0) & g.board();
    for (Bitboard froms = g.board(); froms;) {
      const Square from = pop_lsb(froms);
      if (moves[from][s] == kFar) continue;
      for (Bitboard b = attacked; b;) {
        uint8_t& best = checks[from][pop_lsb(b)];
        best = std::min(best, moves[from][s]);
      }
    }
  }
  return checks;
}

// The fewest moves of a pawn of colour c from `from` to `to` on an empty board (see the header).
uint8_t pawn_path(Color c, Square from, Square to) {
  const int forward = (rank_of(to) - rank_of(from)) * (c == Color::White ? 1 : -1);
  const int sideways = std::abs(file_of(to) - file_of(from));
  if (forward < sideways) return kFar;
  if (forward == 0) return 0;
  return uint8_t(std::max({sideways, forward - 1, 1}));
}

// piece_checks for a pawn of colour c: as a pawn short of the last rank, or promoted on it
// and going on as the new piece (whose table is in `pieces`).
Table pawn_checks(const Geometry& g, Color c, const PieceTypeList& promotions,
                  const std::array<Table, kPieceTypeCount>& pieces) {
  const Bitboard last_rank = g.rank_bb(c == Color::White ? g.ranks() - 1 : 0);
  Table checks = unreachable();
  for (Bitboard froms = g.board() & ~last_rank; froms;) {
    const Square from = pop_lsb(froms);
    for (Bitboard stands = g.board(); stands;) {
      const Square s = pop_lsb(stands);
      const uint8_t m = pawn_path(c, from, s);
      if (m == kFar) continue;
      if (!has(last_rank, s)) {
        for (Bitboard b = g.pawn_attacks(c, s) & g.board(); b;) {
          uint8_t& best = checks[from][pop_lsb(b)];
          best = std::min(best, m);
        }
        continue;
      }
      for (const PieceType t : promotions) {
        if (pieces[index(t)].empty()) continue;  // a king: it gives no check
        for (Bitboard b = g.board(); b;) {
          const Square target = pop_lsb(b);
          checks[from][target] = std::min(checks[from][target], add(m, pieces[index(t)][s][target]));
        }
      }
    }
  }
  return checks;
}

}  // namespace

bool CheckDistance::applies(const Variant& variant, Goal goal) {
  return goal == Goal::Mate && variant.king_rule == KingRule::Royal && !variant.is_multi_move();
}

CheckDistance::CheckDistance(const Variant& variant) : geometry_(variant.geometry()) {
  std::vector<PieceType> kinds(variant.pieces.begin(), variant.pieces.end());
  kinds.insert(kinds.end(), variant.promotions.begin(), variant.promotions.end());
  for (const PieceType t : kinds) {
    if (t != PieceType::Pawn && t != PieceType::King && pieces_[index(t)].empty()) {
      pieces_[index(t)] = piece_checks(geometry_, t);
    }
  }
  for (const Color c : {Color::White, Color::Black}) {
    pawns_[index(c)] = pawn_checks(geometry_, c, variant.promotions, pieces_);
  }
}

uint8_t CheckDistance::moves_to_check(PieceType t, Color c, Square from, Square target) const {
  const Table& table = t == PieceType::Pawn ? pawns_[index(c)] : pieces_[index(t)];
  return table.empty() ? kFar : table[from][target];
}

bool CheckDistance::may_check_in_time(const Position& pos, Color attacker, int attacker_moves, int king_moves) const {
  const Color defender = ~attacker;
  const Square king = pos.king_square(defender);
  if (king == kNoSquare) return true;
  if (pos.castling_rights()) return true;
  const Geometry& g = geometry_;
  Bitboard region = square_bb(king);
  for (int i = 0; i < king_moves && region != g.board(); ++i) {
    Bitboard grown = region;
    for (Bitboard b = region; b;) grown |= g.leaps(PieceType::King, pop_lsb(b));
    region = grown & g.board();
  }
  for (Bitboard pieces = pos.pieces(attacker) & ~pos.pieces(attacker, PieceType::King); pieces;) {
    const Square from = pop_lsb(pieces);
    const PieceType t = type_of(pos.piece_on(from));
    for (Bitboard b = region; b;) {
      if (moves_to_check(t, attacker, from, pop_lsb(b)) <= attacker_moves) return true;
    }
  }
  return false;
}

}  // namespace dm::search
