// The move filters: which moves of the attacker's last three and of the defender's may still
// end the line (AttackerMoves, DefenderMoves, LastDefence), so that the others are not played.

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cstdlib>
#include <optional>
#include <vector>

#include "rules/zobrist.h"
#include "solver/search/help/bound/bound_detail.h"
#include "solver/search/help/bound/ending_bound.h"
#include "solver/search/help/bound/stalemate_demands.h"
#include "solver/search/resources/zeroed_memory.h"

namespace dm::search {

using namespace bound_detail;  // NOLINT(google-build-using-namespace): the bound's own helpers

EndingBound::LastDefence EndingBound::last_defence(const Position& pos, Color attacker) const {
  LastDefence moves = last_defence_by_demands(pos, attacker);
  // Nothing is left to try, whatever the box: most calls end here.
  if (!moves.none()) box_last_defence(pos, attacker, moves);
  return moves;
}

EndingBound::LastDefence EndingBound::last_defence_by_demands(const Position& pos, Color attacker) const {
  LastDefence moves;
  if (unbounded(pos, attacker)) return moves;
  moves.king_ = pos.king_square(~attacker);
  moves.king_squares_ = moves.men_squares_ = ~Bitboard(0);
  if (shared_.goal == Goal::Stalemate) moves.men_ = StalemateDemands::last_men(pos, attacker);
  return moves;
}

void EndingBound::box_last_defence(const Position& pos, Color attacker, LastDefence& moves) const {
  if (moves.king_ == kNoSquare) return;
  moves.king_squares_ = moves.men_squares_ = 0;
  const Army a = army(pos, attacker, 1);
  Defence d = defence(pos, ~attacker, 0);
  const Bitboard next_to_king = shared_.geometry.leaps(PieceType::King, moves.king_) & shared_.geometry.board();
  if (!moves.men_.no_man_moves()) moves.men_squares_ = may_box(d, a, attacker, 1) ? ~Bitboard(0) : next_to_king;
  d.as_it_stands = true;  // each king's move is tested as it is
  for (Bitboard b = next_to_king & moves.men_.king_squares; b;) {
    d.king = pop_lsb(b);
    d.walk = square_bb(d.king);
    if (may_box(d, a, attacker, 1)) moves.king_squares_ |= d.walk;
  }
}

bool EndingBound::LastDefence::allows(Move m) const {
  if (king_ == kNoSquare) return true;
  return has(m.from() == king_ ? king_squares_ : men_squares_, m.to()) && men_.allows(m);
}

EndingBound::AttackerMoves EndingBound::last_moves(const Position& pos, Color attacker) const {
  AttackerMoves moves;
  if (unbounded(pos, attacker)) return moves;
  const std::optional<StalemateDemands> demands =
      shared_.goal == Goal::Stalemate ? std::optional<StalemateDemands>(std::in_place, pos, attacker) : std::nullopt;
  if (demands && demands->impossible()) {
    moves.every_ = false;
    return moves;
  }
  const Army a = army(pos, attacker, 1);
  const Defence d = defence(pos, ~attacker, 0);
  const bool may_end = boxed(d, a.roaming);
  if (may_end && a.count > kMaxRefined) return moves;
  moves.every_ = false;
  if (!may_end) return moves;
  moves = choosing(a);
  for (int i = 0; i < a.count; ++i) {
    const Bitboard meeting = demands ? demands->meeting(a.froms[i]) : ~Bitboard(0);
    moves.tos_[i] = meeting ? finishing_squares(d, a, attacker, i, meeting, false) : 0;
  }
  return moves;
}

EndingBound::AttackerMoves EndingBound::second_last_moves(const Position& pos, Color attacker) const {
  return second_last_moves(pos, attacker, second_last_landings(pos, attacker));
}

EndingBound::Landings EndingBound::second_last_landings(const Position& pos, Color attacker) const {
  // A stalemate: where no last move of the defender's would leave one demand at most were the
  // attacker to pass, only its captures and its moves in front of a free pawn may change that.
  // Where none would leave two, no move may: most calls end here.
  if (shared_.goal != Goal::Stalemate || unbounded(pos, attacker) || popcount(pos.pieces(attacker)) > kMaxRefined) {
    return Landings::every();
  }
  // A man's last move leaves the king where it stands: it must end boxed in there.
  Landings landings = StalemateDemands::second_last_landings(pos, attacker);
  const Bitboard stays = square_bb(pos.king_square(~attacker));
  if (((landings.any_landing | landings.few_landing) & stays) && !may_end_on(pos, attacker, 2, 1, stays)) {
    landings.any_landing &= ~stays;
    landings.few_landing &= ~stays;
  }
  return landings;
}

EndingBound::AttackerMoves EndingBound::second_last_moves(const Position& pos, Color attacker,
                                                          const Landings& landings) const {
  AttackerMoves moves;
  if (unbounded(pos, attacker)) return moves;
  const Army a = army(pos, attacker, 1);
  if (a.count > kMaxRefined) return moves;
  moves = choosing(a);
  const Defence d = defence(pos, ~attacker, 1);
  add_second_last_moves(d, a, attacker, ~Bitboard(0), landings.any_landing, moves);
  if (landings.few) add_second_last_moves(d, a, attacker, landings.few, landings.few_landing, moves);
  return moves;
}

void EndingBound::add_second_last_moves(Defence d, const Army& a, Color attacker, Bitboard allowed,
                                        Bitboard king_squares, AttackerMoves& moves) const {
  if (!allowed || !king_squares) return;
  d.walk &= king_squares;
  const auto& attacks = shared_.attacks[index(attacker)];
  for (int i = 0; i < a.count; ++i) {
    const auto& own = attacks[index(a.types[i])][a.froms[i]];
    // i makes the last move too (from where it went, the others staying), or j does (i staying
    // where it went): the reaches of the others, kept where one of i's squares may box the king.
    // Each test keeps the squares the king may end on, among which the narrower tests for each
    // square i goes to look (a pawn's moves go all or none, so for it one square will do).
    const bool pawn = a.types[i] == PieceType::Pawn;
    const Reach staying = others(a, attacker, i, i, 0);
    const Bitboard again = boxing_squares(d, staying.plus(a.types[i], own[2]), d.walk, pawn);
    struct LastMove {
      Reach others;  // j moving, the others but i staying
      Bitboard ends;
    };
    std::array<LastMove, kMaxRefined> with_last;  // only the first `lasts` are read
    int lasts = 0;
    for (int j = 0; j < a.count; ++j) {
      if (j == i) continue;
      const Reach reach = others(a, attacker, i, j, 0).plus(a.types[j], attacks[index(a.types[j])][a.froms[j]][1]);
      const Bitboard ends = boxing_squares(d, reach.plus(a.types[i], own[1]), d.walk, pawn);
      if (ends) with_last[lasts++] = {reach, ends};
    }
    if (pawn) {
      // Its moves and promotions all or none, which the tests above took together.
      if (again || lasts) moves.tos_[i] |= allowed;
      continue;
    }
    const auto may_box_after = [&](Bitboard attacks_there, Bitboard attacks_one_more) {
      if (again && boxing_squares(d, staying.plus(a.types[i], attacks_one_more), again, true)) return true;
      for (int k = 0; k < lasts; ++k) {
        const LastMove& last = with_last[k];
        if (boxing_squares(d, last.others.plus(a.types[i], attacks_there), last.ends, true)) return true;
      }
      return false;
    };
    const auto& from_there = attacks[index(a.types[i])];
    for (Bitboard b =
             shared_.stands[index(attacker)][index(a.types[i])][a.froms[i]][1] & ~square_bb(a.froms[i]) & allowed;
         b;) {
      const Square to = pop_lsb(b);
      if (may_box_after(from_there[to][0], from_there[to][1])) moves.tos_[i] |= square_bb(to);
    }
  }
}

EndingBound::AttackerMoves EndingBound::third_last_moves(const Position& pos, Color attacker) const {
  AttackerMoves moves;
  if (unbounded(pos, attacker)) return moves;
  const Army a = army(pos, attacker, 2);
  if (a.count > kMaxRefined) return moves;
  const Defence d = defence(pos, ~attacker, 2);
  moves = choosing(a);
  one_move_reaches(a, attacker, 2, [&](int i, Square to, const Reach& reach) {
    if (boxed(d, reach)) moves.tos_[i] |= to == kNoSquare ? ~Bitboard(0) : square_bb(to);
    return true;
  });
  return moves;
}

void EndingBound::narrow(const Defence& d, const Reach& reach, DefenderMoves::Narrowing& n) const {
  for (Bitboard b = shared_.goal == Goal::Mate ? d.walk & reach.checks : d.walk; b && !n.every;) {
    const Square k = pop_lsb(b);
    const Bitboard need = shared_.geometry.leaps(PieceType::King, k) & shared_.geometry.board() & ~reach.guards;
    const Bitboard unheld = need & ~d.holds;
    const Bitboard unfilled = need & ~d.men;
    const int slack = d.moves - king_walk(d.king, k);
    const int left = popcount(unfilled);
    if (left <= slack && !unheld) n.every = true;
    if (left == slack + 1) n.onto |= unfilled;
    if (left <= slack) n.cover |= unheld;
  }
}

EndingBound::DefenderMoves EndingBound::defender_moves(const Position& pos, Color attacker, int attacker_moves,
                                                       int defender_moves) const {
  // The test that the defender could not pass costs more than it saves with more moves left.
  const int most_defender_moves = shared_.goal == Goal::Mate ? 3 : 2;
  return narrowed_defence(pos, attacker, attacker_moves, defender_moves,
                          attacker_moves >= 2 && defender_moves <= most_defender_moves);
}

EndingBound::DefenderMoves EndingBound::series_defender_moves(const Position& pos, Color attacker,
                                                              int defender_moves) const {
  return narrowed_defence(pos, attacker, 1, defender_moves, true);
}

EndingBound::DefenderMoves EndingBound::narrowed_defence(const Position& pos, Color attacker, int attacker_moves,
                                                         int defender_moves, bool unpassed) const {
  DefenderMoves moves;
  if (unbounded(pos, attacker)) return moves;
  const Army a = army(pos, attacker, attacker_moves);
  // The defence were it to pass: its men where they stand, its moves left after this one.
  const Defence d = defence(pos, ~attacker, defender_moves);
  DefenderMoves::Narrowing& roaming = moves.narrowings_[moves.count_++];
  narrow(d, a.roaming, roaming);
  if (attacker_moves == 2 && a.count <= kMaxRefined) {
    DefenderMoves::Narrowing& two_moves = moves.narrowings_[moves.count_++];
    two_move_reaches(a, attacker, [&](const Reach& reach) {
      narrow(d, reach, two_moves);
      return !two_moves.every;
    });
    DefenderMoves::Narrowing& second_last = moves.narrowings_[moves.count_++];
    one_move_reaches(a, attacker, 1, [&](int, Square, const Reach& reach) {
      narrow(d, reach, second_last);
      return !second_last.every;
    });
  }
  // Were the defender to pass, may_end_in_time as the node below makes it, but for its tests of
  // one and two moves left (see the header for the limits).
  if (unpassed && a.count <= kMaxRefined && !may_box_filled(d, a, attacker, attacker_moves)) {
    // The squares of a man with no move that captures nothing are never asked: none is worked
    // out for it (nor the fills, where no man has such a move).
    const Bitboard quiet = quiet_movers(pos, d.men);
    const NearestMen near = quiet ? nearest_men(d) : NearestMen{};
    const std::vector<Fill>* fills = quiet ? &fills_to_make(d, near, a, attacker, attacker_moves) : nullptr;
    for (Bitboard b = d.men; b && moves.pieces_ < DefenderMoves::kMaxPieces;) {
      const Square from = pop_lsb(b);
      moves.piece_froms_[size_t(moves.pieces_)] = from;
      moves.piece_tos_[size_t(moves.pieces_++)] = has(quiet, from) ? nearer_squares(d, near, *fills, from) : 0;
    }
    moves.king_tos_ = king_approaches(defence(pos, ~attacker, defender_moves + 1), a, attacker, attacker_moves);
  } else if (attacker_moves >= 2 && defender_moves <= 2 && a.count <= kMaxRefined && shared_.still_men) {
    narrow_to_the_captured(d, a, attacker, attacker_moves, moves);
  }
  if (a.count <= kMaxRefined) {
    const int step = std::min(attacker_moves, kSteps - 1);
    for (int i = 0; i < a.count; ++i) {
      moves.army_froms_[size_t(i)] = a.froms[size_t(i)];
      moves.reach_without_[size_t(i)] = others(a, attacker, i, i, step);
    }
    moves.army_count_ = a.count;
    moves.passed_ = d;
  }
  // Before the attacker's second last move, as second_last_landings will count the demands.
  if (shared_.goal == Goal::Stalemate && attacker_moves == 2 && defender_moves == 1 &&
      popcount(pos.pieces(attacker)) <= kMaxRefined) {
    moves.demands_ = StalemateDemands::second_last_men(pos, attacker);
  }
  moves.bound_ = this;
  moves.defender_ = ~attacker;
  moves.king_ = d.king;
  moves.moves_left_ = std::min(defender_moves, kSteps - 1);
  return moves;
}

void EndingBound::narrow_to_the_captured(const Defence& d, const Army& a, Color attacker, int attacker_moves,
                                         DefenderMoves& moves) const {
  const Captured captured = must_be_captured(d, a, attacker, attacker_moves);
  if (!captured.men) return;
  // Where the count passes, the men that are left, with the moves the captured pieces' own
  // leave, as may_box_filled takes them (landings not counted).
  const bool in_time = captured.in_time(d, attacker_moves);
  const Defence rest =
      in_time ? defence(*d.position, d.color, d.moves - captured.moves_first, d.men & ~captured.men) : d;
  if (in_time && may_box_filled(rest, a, attacker, attacker_moves)) return;
  const NearestMen near = in_time ? nearest_men(rest) : NearestMen{};
  const std::vector<Fill>* fills = in_time ? &fills_to_make(rest, near, a, attacker, attacker_moves) : nullptr;
  const Bitboard taken = takeable(a, attacker, attacker_moves);
  // The king's moves: those after which its walk reaches a square that may hem in a piece that
  // must be captured, and where the men left fail to fill, those that come nearer to a square
  // where they may box it in (counting this move, as king_approaches does).
  moves.king_tos_ = hem_.walk_hems(d, captured.men);
  if (in_time) {
    moves.king_tos_ |=
        king_approaches(defence(*d.position, d.color, rest.moves + 1, rest.men), a, attacker, attacker_moves);
  }
  const Bitboard hems = hem_.hem_squares(d, captured.men);
  const Bitboard quiet = quiet_movers(*d.position, d.men);  // as in defender_moves
  for (Bitboard b = d.men; b && moves.pieces_ < DefenderMoves::kMaxPieces;) {
    const Square from = pop_lsb(b);
    Bitboard tos = 0;  // for a man with no move that captures nothing: never asked
    if (has(quiet, from) && !has(captured.men, from)) {
      tos = hems | (fills ? nearer_squares(rest, near, *fills, from) : 0);
    } else if (has(quiet, from)) {
      tos = hem_.hem_squares(d, captured.men & ~square_bb(from)) |
            hem_.hemmed_from(d, type_of(d.position->piece_on(from)), d.men & ~square_bb(from));
      if (!has(taken, from)) tos |= taken;
    }
    moves.piece_froms_[size_t(moves.pieces_)] = from;
    moves.piece_tos_[size_t(moves.pieces_++)] = tos;
  }
}

bool EndingBound::takes_too_much(const DefenderMoves& moves, const Position& pos, Move m) const {
  for (int i = 0; i < moves.army_count_; ++i) {
    if (moves.army_froms_[size_t(i)] != m.to()) continue;
    Defence d = moves.passed_;
    const int step = std::min(d.moves, kSteps - 1);
    if (m.from() == d.king) {
      d.king = m.to();
      d.walk = shared_.stands[index(d.color)][index(PieceType::King)][d.king][size_t(step)];
    } else {
      const PieceType t = m.kind() == MoveKind::Promotion ? m.promotion() : type_of(pos.piece_on(m.from()));
      d.men |= square_bb(m.to());
      d.holds |= shared_.stands[index(d.color)][index(t)][m.to()][size_t(step)];
    }
    return boxing_squares(d, moves.reach_without_[size_t(i)], d.walk, true) == 0;
  }
  return false;
}

bool EndingBound::DefenderMoves::allows(const Position& pos, Move m) const {
  if (!bound_) return true;
  if (!demands_.allows(pos, m)) return false;
  if (army_count_ && pos.is_capture(m) && bound_->takes_too_much(*this, pos, m)) return false;
  if (m.from() == king_) return has(king_tos_, m.to()) || pos.is_capture(m);
  if (pieces_ && !pos.is_capture(m)) {
    for (int i = 0; i < pieces_; ++i) {
      if (piece_froms_[size_t(i)] == m.from() && !has(piece_tos_[size_t(i)], m.to())) return false;
    }
  }
  const PieceType t = m.kind() == MoveKind::Promotion ? m.promotion() : type_of(pos.piece_on(m.from()));
  const Bitboard reached = bound_->shared_.stands[index(defender_)][index(t)][m.to()][moves_left_];
  for (int i = 0; i < count_; ++i) {
    const Narrowing& n = narrowings_[i];
    if (!n.every && !has(n.onto, m.to()) && !(reached & n.cover)) return false;
  }
  return true;
}

EndingBound::AttackerMoves EndingBound::choosing(const Army& a) {
  AttackerMoves moves;
  moves.every_ = false;
  moves.count_ = a.count;
  for (int i = 0; i < a.count; ++i) {
    moves.froms_[i] = a.froms[i];
    moves.tos_[i] = 0;
  }
  return moves;
}

bool EndingBound::AttackerMoves::empty() const {
  if (every_) return false;
  for (int i = 0; i < count_; ++i) {
    if (tos_[i]) return false;
  }
  return true;
}

bool EndingBound::AttackerMoves::allows(Move m) const {
  if (every_) return true;
  for (int i = 0; i < count_; ++i) {
    if (froms_[i] == m.from()) return has(tos_[i], m.to());
  }
  return false;
}

}  // namespace dm::search
