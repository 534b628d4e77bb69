#include "rules/movegen.h"

#include <algorithm>

namespace dm {

namespace {

constexpr Bitboard shift(Bitboard b, int n) { return n > 0 ? b << n : b >> -n; }

// The pawn moves to `targets`, each from `step` behind; those to the last rank once per promotion.
template <typename Add>
void for_each_pawn_move(Bitboard targets, int step, Bitboard last_rank, const PieceTypeList& promotions,
                        Add add) {
  for (Bitboard b = targets & ~last_rank; b;) {
    const Square to = pop_lsb(b);
    add(Move(Square(to - step), to));
  }
  for (Bitboard b = targets & last_rank; b;) {
    const Square to = pop_lsb(b);
    for (const PieceType t : promotions) add(Move(Square(to - step), to, MoveKind::Promotion, t));
  }
}

// Where the generator's moves go: a list (of every move, or of those that may check), or a
// counter that adds whole target sets with one popcount (perft's last ply never builds the
// moves it counts).
class ListSink {
 public:
  static constexpr bool kAnyWillDo = false;  // wants every move
  explicit ListSink(MoveList& list) : list_(list) {}
  size_t size() const { return list_.size(); }
  void add(Move m) { list_.push_back(m); }
  void add_targets(Square from, Bitboard targets) {
    while (targets) list_.push_back(Move(from, pop_lsb(targets)));
  }
  void add_pawn_targets(Bitboard targets, int step, Bitboard last_rank, const PieceTypeList& promotions) {
    for_each_pawn_move(targets, step, last_rank, promotions, [this](Move m) { list_.push_back(m); });
  }

 private:
  MoveList& list_;
};

// A list of the moves that may give check (Position::may_give_check): the others are dropped
// as they come, unplayed. The plain moves of a piece are sifted as one set of targets, with the
// test of may_give_check turned around: a leap is symmetric (piece.h), so the piece attacks the
// king from `to` exactly when `to` is one of the king's own leaps of that kind.
class CheckSink {
 public:
  static constexpr bool kAnyWillDo = false;
  CheckSink(const Position& pos, const CheckInfo& info, MoveList& list) : pos_(pos), info_(info), list_(list) {}
  size_t size() const { return list_.size(); }
  void add(Move m) {
    if (pos_.may_give_check(m, info_)) list_.push_back(m);
  }
  void add_targets(Square from, Bitboard targets) {
    const Geometry& g = pos_.geometry();
    const PieceType moved = type_of(pos_.piece_on(from));
    Bitboard checking = g.leaps(moved, info_.king);
    if (g.rides_orthogonal(moved)) checking |= info_.orthogonal;
    if (g.rides_diagonal(moved)) checking |= info_.diagonal;
    if (has(info_.discoverers, from)) checking |= ~g.line(info_.king, from);  // uncovered off its line
    for (targets &= checking; targets;) list_.push_back(Move(from, pop_lsb(targets)));
  }
  void add_pawn_targets(Bitboard targets, int step, Bitboard last_rank, const PieceTypeList& promotions) {
    for_each_pawn_move(targets, step, last_rank, promotions, [this](Move m) { add(m); });
  }

 private:
  const Position& pos_;
  const CheckInfo& info_;
  MoveList& list_;
};

class CountSink {
 public:
  static constexpr bool kAnyWillDo = false;
  size_t size() const { return count_; }
  void add(Move) { ++count_; }
  void add_targets(Square, Bitboard targets) { count_ += size_t(popcount(targets)); }
  void add_pawn_targets(Bitboard targets, int, Bitboard last_rank, const PieceTypeList& promotions) {
    count_ += size_t(popcount(targets & ~last_rank)) + size_t(popcount(targets & last_rank)) * promotions.size();
  }

 private:
  size_t count_ = 0;
};

// Whether there is a move at all: the generator may stop at the first.
class AnySink {
 public:
  static constexpr bool kAnyWillDo = true;
  size_t size() const { return found_; }
  void add(Move) { found_ = true; }
  void add_targets(Square, Bitboard targets) { found_ |= targets != 0; }
  void add_pawn_targets(Bitboard targets, int, Bitboard, const PieceTypeList&) { found_ |= targets != 0; }

 private:
  bool found_ = false;
};

// Generates the legal moves of the pieces on a set of squares.
//
// Implementation notes: with a royal king, legality is built in rather than filtered: `target`
// is every square but our own (in check: the checker and the squares between it and the king;
// in double check: none), a pinned piece is further held to the line through its king, the king
// moves only to squares no enemy attacks once it has left its own, and the rare e.p. capture is
// tried on the board. Without a royal king every pseudo-legal move is legal, except that
// compulsory capture first looks for captures and only then for other moves.
template <typename Sink>
class Generator {
 public:
  Generator(const Position& pos, Sink& sink)
      : pos_(pos), g_(pos.geometry()), sink_(sink), us_(pos.side_to_move()), them_(~us_),
        occupied_(pos.pieces()), not_own_(~pos.pieces(us_) & g_.board()) {}

  void generate(Bitboard from_mask) {
    if (pos_.variant().king_rule == KingRule::Royal) {
      royal(from_mask);
    } else if (pos_.variant().compulsory_capture) {
      const size_t before = sink_.size();
      const Bitboard enemies = pos_.pieces(them_);
      pawns(pos_.pieces(us_, PieceType::Pawn) & from_mask, enemies, false);
      en_passant(from_mask);
      pieces(from_mask, enemies, true);
      if (sink_.size() == before) {
        const Bitboard empty = ~occupied_ & g_.board();
        pawns(pos_.pieces(us_, PieceType::Pawn) & from_mask, empty, true);
        pieces(from_mask, empty, true);
      }
    } else {
      if (from_mask & pos_.pieces(us_, PieceType::King)) castling(false);
      pawns(pos_.pieces(us_, PieceType::Pawn) & from_mask, not_own_, true);
      en_passant(from_mask);
      pieces(from_mask, not_own_, true);
    }
  }

 private:
  void royal(Bitboard from_mask) {
    const Square king = pos_.king_square(us_);
    const Bitboard checkers = pos_.checkers();
    Bitboard target = not_own_;
    if (checkers) target = more_than_one(checkers) ? 0 : g_.between(king, lsb(checkers)) | checkers;
    const Bitboard pinned = pos_.blockers() & pos_.pieces(us_) & from_mask;

    const Bitboard our_pawns = pos_.pieces(us_, PieceType::Pawn) & from_mask;
    pawns(our_pawns & ~pinned, target, true);
    for (Bitboard b = our_pawns & pinned; b;) {
      const Square s = pop_lsb(b);
      pawns(square_bb(s), target & g_.line(king, s), true);
    }
    en_passant(from_mask);
    if (found_enough()) return;
    for (const PieceType t : pos_.variant().pieces) {
      if (t == PieceType::Pawn || t == PieceType::King) continue;
      for (Bitboard from = pos_.pieces(us_, t) & from_mask; from;) {
        const Square s = pop_lsb(from);
        const Bitboard allowed = has(pinned, s) ? target & g_.line(king, s) : target;
        sink_.add_targets(s, g_.attacks(t, s, occupied_) & allowed);
      }
      if (found_enough()) return;
    }
    if (!has(from_mask, king)) return;
    // The king last: each of its squares costs an attack test.
    const Bitboard without_king = occupied_ ^ square_bb(king);
    for (Bitboard to = g_.leaps(PieceType::King, king) & not_own_; to;) {
      const Square s = pop_lsb(to);
      if (!pos_.attackers_of(them_, s, without_king)) sink_.add(Move(king, s));
      if (found_enough()) return;
    }
    if (!checkers) castling(true);
  }

  void pawns(Bitboard pawns, Bitboard target, bool with_pushes) {
    if (!pawns) return;
    const int forward = pawn_forward(us_);
    const Bitboard last_rank = g_.rank_bb(us_ == Color::White ? g_.ranks() - 1 : 0);
    const auto& promotions = pos_.variant().promotions;
    if (with_pushes) {
      const Bitboard empty = ~occupied_ & g_.board();
      const Bitboard single = shift(pawns, forward) & empty;
      const Bitboard double_rank = g_.rank_bb(us_ == Color::White ? 2 : g_.ranks() - 3);
      sink_.add_pawn_targets(single & target, forward, last_rank, promotions);
      sink_.add_pawn_targets(shift(single & double_rank, forward) & empty & target, 2 * forward, 0, promotions);
    }
    const Bitboard enemies = pos_.pieces(them_) & target;
    sink_.add_pawn_targets(shift(pawns & ~g_.file_bb(0), forward - 1) & enemies, forward - 1, last_rank,
                           promotions);
    sink_.add_pawn_targets(shift(pawns & ~g_.file_bb(g_.files() - 1), forward + 1) & enemies, forward + 1,
                           last_rank, promotions);
  }

  void en_passant(Bitboard from_mask) {
    const bool royal = pos_.variant().king_rule == KingRule::Royal;
    for (Bitboard ep = pos_.ep_squares(); ep;) {
      const Square to = pop_lsb(ep);
      for (Bitboard from = g_.pawn_attacks(them_, to) & pos_.pieces(us_, PieceType::Pawn) & from_mask; from;) {
        const Move m(pop_lsb(from), to, MoveKind::EnPassant);
        if (!royal || en_passant_keeps_king_safe(m)) sink_.add(m);
      }
    }
  }

  bool en_passant_keeps_king_safe(Move m) const {
    const Square captured = Square(m.to() - pawn_forward(us_));
    const Bitboard occupied = (occupied_ ^ square_bb(m.from()) ^ square_bb(captured)) | square_bb(m.to());
    return !(pos_.attackers_to(pos_.king_square(us_), occupied) & pos_.pieces(them_) & ~square_bb(captured));
  }

  // Every non-pawn piece (the king too, when it is not royal).
  void pieces(Bitboard from_mask, Bitboard target, bool with_king) {
    for (const PieceType t : pos_.variant().pieces) {
      if (t == PieceType::Pawn || (t == PieceType::King && !with_king)) continue;
      for (Bitboard from = pos_.pieces(us_, t) & from_mask; from;) {
        const Square s = pop_lsb(from);
        sink_.add_targets(s, g_.attacks(t, s, occupied_) & target);
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
      sink_.add(Move(route.king_from, route.king_to, MoveKind::Castling));
    }
  }

  // Whether a sink content with any move has one.
  bool found_enough() const { return Sink::kAnyWillDo && sink_.size(); }

  bool attacked(Bitboard squares) const {
    for (Bitboard b = squares; b;) {
      if (pos_.attackers_of(them_, pop_lsb(b), occupied_)) return true;
    }
    return false;
  }

  const Position& pos_;
  const Geometry& g_;
  Sink& sink_;
  Color us_;
  Color them_;
  Bitboard occupied_;
  Bitboard not_own_;
};

// Whether the turn rules drop some of the generator's moves here: Extra Move's later moves and
// first moves (E2, E3), and Italian progressive chess before a series' last move (P5).
bool turn_rules_filter(const Position& pos) {
  const Variant& variant = pos.variant();
  if (variant.check_in_turn == CheckInTurn::LastMoveOnly && pos.moves_left() > 1) return true;
  const LaterMoveRule& later = variant.later_moves;
  return pos.later_move() ? later.other_piece || later.quiet : later.two_steps_only_later && !pos.mid_turn();
}

// Whether the turn rules let the side to move play m (turn_rules_filter says where they may not).
bool turn_rules_allow(const Position& pos, Move m, const CheckInfo& info) {
  const Variant& variant = pos.variant();
  const LaterMoveRule& later = variant.later_moves;
  if (pos.later_move()) {
    if (later.other_piece && m.from() == pos.last_to()) return false;
    if (later.quiet && pos.is_capture(m)) return false;
  } else if (later.two_steps_only_later && !pos.mid_turn() && type_of(pos.piece_on(m.from())) == PieceType::Pawn &&
             m.to() - m.from() == 2 * pawn_forward(pos.side_to_move())) {
    return false;
  }
  return !(variant.check_in_turn == CheckInTurn::LastMoveOnly && pos.moves_left() > 1 && pos.gives_check(m, info));
}

// The turn rules around the generator: Bennekom's same piece, the pass of M6 and of Extra
// Move's optional second move (E1), and the moves turn_rules_allow drops.
template <typename Sink>
void generate_turn_moves(const Position& pos, Sink& sink) {
  if (king_lost(pos)) return;
  const Variant& variant = pos.variant();
  if (turn_rules_filter(pos)) {
    MoveList moves;
    ListSink all(moves);
    Generator<ListSink>(pos, all).generate(pos.pieces(pos.side_to_move()));
    const CheckInfo info = pos.check_info();
    for (const Move m : moves) {
      if (turn_rules_allow(pos, m, info)) sink.add(m);
    }
  } else {
    Generator<Sink> generator(pos, sink);
    if (pos.mid_turn() && variant.later_moves.same_piece && pos.last_to() != kNoSquare) {
      generator.generate(square_bb(pos.last_to()));
      if (sink.size()) return;
    }
    generator.generate(pos.pieces(pos.side_to_move()));
  }
  const bool optional = variant.later_moves.optional && pos.later_move();
  if (optional || (!sink.size() && pos.mid_turn() && variant.options.no_second_move == NoSecondMoveRule::Pass)) {
    sink.add(Move::pass());
  }
}

}  // namespace

bool MoveList::contains(Move m) const { return std::find(begin(), end(), m) != end(); }

bool king_lost(const Position& pos) {
  return pos.variant().king_rule == KingRule::Capturable && pos.king_square(pos.side_to_move()) == kNoSquare;
}

void generate_legal(const Position& pos, MoveList& list) {
  list.resize(0);
  ListSink sink(list);
  generate_turn_moves(pos, sink);
}

bool has_legal_move(const Position& pos) {
  AnySink sink;
  generate_turn_moves(pos, sink);
  return sink.size();
}

void generate_checks(const Position& pos, MoveList& list) {
  const CheckInfo info = pos.check_info();
  // Mid-turn, a turn rule may look at the whole list (Bennekom's same piece, M6's pass): the
  // moves are generated in full and filtered after.
  if (pos.mid_turn() || info.king == kNoSquare || turn_rules_filter(pos)) {
    generate_legal(pos, list);
    size_t kept = 0;
    for (size_t i = 0; i < list.size(); ++i) {
      if (pos.may_give_check(list[i], info)) list[kept++] = list[i];
    }
    list.resize(kept);
    return;
  }
  list.resize(0);
  CheckSink sink(pos, info, list);
  // The king checks only by uncovering a rider or by castling: without those, its moves and the
  // attack test each costs are skipped.
  const Color us = pos.side_to_move();
  const Bitboard king = pos.pieces(us, PieceType::King);
  const int our_rights = (1 << castling_index(us, false)) | (1 << castling_index(us, true));
  Bitboard from = pos.pieces(us);
  if (!(pos.castling_rights() & our_rights) && !(info.discoverers & king)) from &= ~king;
  Generator<CheckSink>(pos, sink).generate(from);
}

size_t count_legal(const Position& pos) {
  CountSink sink;
  generate_turn_moves(pos, sink);
  return sink.size();
}

}  // namespace dm
