#pragma once
// What the attacker's last move of a help stalemate must do to the defender's men (its king
// aside: the ending bound boxes the king in, ending_bound.h). After that move no man of the
// defender's may have a move left, so each man that has one, and that no pin may hold, makes a
// demand the move must meet. The counts of those demands narrow the attacker's last move and
// the moves before it (the defender's last and second last, the attacker's second last), and
// never rule out a stalemate. The argument is docs/help-bound.md, "A stalemate's demands"
// (invariants 21 to 44).

#include <array>

#include "rules/position.h"

namespace dm::search {

class StalemateDemands {
 public:
  // The demands on the attacker to move in pos.
  StalemateDemands(const Position& pos, Color attacker);

  // The squares a piece of the attacker standing on `from` may move to and meet every demand
  // (every square when there is none).
  Bitboard meeting(Square from) const;

  // Whether no move meets them: two pieces make demands.
  bool impossible() const { return impossible_; }

  // For the defender to move in pos, its last move: the squares the king may go to, leaving one
  // demand at most; for a man's move, the squares of the men that may make it and the squares it
  // may go to (where three men are free), and the men that make demands after it, of which the
  // attacker's last move may meet one: the pieces with a move and the free pawns, but the one
  // that moves, those whose one way the move takes away and the pawn it stands in front of; and
  // the one that moves, unless it lands on a ray from the king along which a pin may hold it
  // (the lines); and on each ray, the held men but one. Past 16 pieces with a move and
  // kMaxOneWay with one way, the others make no demand.
  struct LastMen {
    static constexpr int kMaxOneWay = 8;
    struct OneWay {
      Square man;
      Square only;  // a man landing here takes its way
    };
    Square king = kNoSquare;
    Bitboard king_squares = ~Bitboard(0);  // where the king's move may go
    Bitboard movers = ~Bitboard(0);
    Bitboard landings = ~Bitboard(0);
    Bitboard demanding = 0;  // the free pieces, and those with one way
    Bitboard free_pawns = 0;  // the pawns off the lines whose push is free
    Bitboard aheads = 0;      // the squares in front of them
    int forward = 0;          // a pawn's step: the square in front of one is its own plus this
    // The rays from the king along which the attacker may pin; the men a pin may hold there
    // (pieces with a move, pawns whose push is free), and the squares in front of those pawns:
    // a pin holds one man at most, so each ray's men make demands but one.
    std::array<Bitboard, kDirectionCount> rays{};
    Bitboard held = 0;
    Bitboard held_aheads = 0;
    Bitboard pieces = 0;     // the defender's men but its pawns
    // The rays from the king along which the attacker may pin, by their way, and the pieces
    // that ride each way (a pin along it does not hold them).
    Bitboard orthogonal_lines = ~Bitboard(0);
    Bitboard diagonal_lines = ~Bitboard(0);
    Bitboard orthogonal_riders = 0;
    Bitboard diagonal_riders = 0;
    std::array<OneWay, kMaxOneWay> one_way{};
    int one_ways = 0;
    // Whether some man's move may take its own demand away (found only where that changes
    // no_man_moves, true elsewhere), and what a pawn's move is judged by: where it is held after
    // it, the squares a pin may hold it on.
    bool own_may_stop = true;
    Bitboard occupied = 0;
    Bitboard pawn_holding = ~Bitboard(0);
    bool allows(Move m) const;
    // Whether no man's move is allowed, known without trying them (fewest_demands_after_man).
    bool no_man_moves() const;
    // The fewest demands a man's move may leave, where it moves and lands aside: it meets at
    // most the demand of the man that moves (where own_may_stop) and most_met() more.
    int fewest_demands_after_man() const;
    // The most demands one landing square meets: those of the pieces that share it as their one
    // way, and of the pawn it stands in front of.
    int most_met() const;
  };
  static LastMen last_men(const Position& pos, Color attacker);

  // For the attacker to move in pos, its last move and the defender's to come after this one:
  // the squares this move may land on and leave the defender a last move after which the
  // attacker's meets every demand (last_men). Every square, unless none of the defender's last
  // moves would leave one demand at most were the attacker to pass; then only a capture takes a
  // demand away (of the man it takes), or a move in front of a pawn whose push is free: a move
  // elsewhere takes no piece's way away (a square it lands on is one to capture on) and only
  // opens squares and lines. None where none would leave two. A pawn of the attacker's up to two
  // ranks from promoting may pin. The count is made for each last move of the defender's: a
  // man's, the king staying where it stands, and the king's to each square next to it; the
  // squares this move may land on are kept for each, as the king's square then (its own for a
  // man's move), so that the box may be tested on that square alone.
  struct SecondLastLandings {
    Bitboard any_landing = 0;  // the king's squares after which this move may land anywhere
    Bitboard few_landing = 0;  // those after which only on `few`
    Bitboard few = 0;          // the captures and the squares in front of the free pawns
    // Any landing, whatever the king's square (no count made).
    static SecondLastLandings every() { return {~Bitboard(0), 0, 0}; }
    // Whether no move may do.
    bool none() const { return !any_landing && !(few_landing && few); }
    // The squares this move may land on, whatever the defender's last move.
    Bitboard squares() const { return any_landing ? ~Bitboard(0) : few_landing ? few : 0; }
  };
  static SecondLastLandings second_last_landings(const Position& pos, Color attacker);

  // For the defender to move in pos, the attacker's second last move and the defender's last to
  // come after this one: the moves after which second_last_landings may leave a square
  // (docs/help-bound.md, invariants 41 to 43). Every move, unless the count as the men stand
  // leaves three demands (no man's move taking its own away, where own_taken is false) and so
  // does every king's move; then the king's, the pawns', the moves of the men of `movers`, those
  // onto `landings`, and a piece's move to where a pin may hold it (`near`), where it has one way
  // or none, or (own_taken false) from which it reaches where a pin may hold it (`here`). Past
  // LastMen::kMaxOneWay pieces, every move.
  // Lines along which the attacker may pin, by their way: where a pin may hold a piece (not a
  // pawn) that does not ride that way.
  struct HoldingLines {
    Bitboard orthogonal = 0;
    Bitboard diagonal = 0;
    Bitboard holding(const Geometry& g, PieceType t) const {
      return (g.rides_orthogonal(t) ? 0 : orthogonal) | (g.rides_diagonal(t) ? 0 : diagonal);
    }
  };
  struct SecondLastMen {
    bool every = true;
    bool own_taken = true;
    Bitboard movers = 0;
    Bitboard landings = 0;
    HoldingLines here;  // from the king's square
    HoldingLines near;  // from the king's square or one next to it
    bool allows(const Position& pos, Move m) const {
      return every || has(movers, m.from()) || has(landings, m.to()) || piece_may_change(pos, m);
    }
    // The piece's move (not of movers, not onto landings) lands where a pin may hold it, where it
    // has one way or none, or (own_taken false) from where it reaches where a pin may hold it.
    bool piece_may_change(const Position& pos, Move m) const;
  };
  static SecondLastMen second_last_men(const Position& pos, Color attacker);

 private:
  // One man's demand: the move captures it (lands on `takes`) or lands on a square of
  // `blocks`, leaving the pawn no capture (none was there, or the only one was of the moving
  // piece) and its push blocked (the piece in front of it, where it is the attacker's, stays).
  struct Demand {
    Bitboard takes;     // the man's square, and the en-passant square behind a pawn
    Bitboard blocks;    // empty for a piece: only its capture takes its moves away
    Bitboard captures;  // a pawn's: the squares holding an attacker's piece it could capture
    Bitboard stays;     // a pawn's: the square in front of it, where the attacker's piece is
  };

  static constexpr int kMaxDemands = 16;
  std::array<Demand, kMaxDemands> demands_;
  int count_ = 0;
  bool impossible_ = false;  // two pieces make demands (past kMaxDemands men, none are made)
};

}  // namespace dm::search
