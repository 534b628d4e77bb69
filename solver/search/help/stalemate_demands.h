#pragma once
// What the attacker's last move of a help stalemate must do to the defender's men (its king
// aside: the ending bound boxes the king in, ending_bound.h). After that move no man of the
// defender may have a move left.
//
// The defender's king is not in check there (it has just moved), so a man's move is illegal only
// where it would open a line onto its king. After one move of the attacker, a pin holds only the
// first man on a ray from the king, or the second behind a piece of the attacker that moves off,
// and only on a ray of a kind that a piece of the attacker rides (or a pawn of it promotes to).
// And a pin holds a man only where it leaves it no move: not a piece along a way it rides (it
// still moves along the ray, onto the pinner at least), nor a pawn along its file while its
// push is free. One move of the attacker takes all the moves of any other man away only by
// capturing it, or, for a pawn, by standing in front of it (where its push was free) while no
// square is left for it to capture on (the piece it could capture moves away, and lands where
// the pawn does not capture). So each such man that has a move now makes a demand on the
// attacker's last move; a man a pin may hold makes none. Two pieces that make demands, neither
// a pawn, leave no move that stalemates.
//
// One move earlier, the defender's last move comes first (and may open a ray). Take the men on
// no ray from its king along which the attacker may pin (one it rides, or any where it has a
// pawn about to promote) that are free: a pawn whose push is free, and a piece whose moves go
// two ways (two leaps, two rays, or a leap and a ray). The attacker's last move takes one of
// them at most (it captures one man, or stands in front of one pawn). The defender's last move,
// by another man than the king, takes at most two: the man that moves, and a pawn it stands in
// front of (its new square takes at most one way from a piece, which keeps another). So with
// four free men only the king's moves may be the last; with three, a move of one of them in
// front of a free pawn. A piece with one way (its moves) keeps it unless a man of its own lands
// on that way's first square, and one square may be the one way of several pieces. A piece that
// moves (not a pawn, which never moves back) keeps the move back to the square it left (the
// pieces where the bound holds all move both ways), and so makes a demand unless it lands where
// a pin may hold it. So after the defender's last move by a man, the free pieces and those with
// one way make demands, but those whose one way it took; the piece that moved makes one unless
// it landed on such a ray. After a king's move, each piece with a move off the rays from the
// king's new square makes one, but one whose one way that square takes. Two demands are one
// more than the attacker's last move meets. Opening a ray or a square, a move only adds moves
// (and demands), and is not counted.
//
// A pin needs its pinner on the ray beyond the man when the line ends. So a man is taken as one a
// pin may hold only nearer to the king than the farthest square of the ray on which a piece of
// the attacker that rides its way may stand by then: with one move left, where it stands or goes
// on an empty board, or, for a pawn about to promote, the last rank; with two, anywhere (so only
// the ray's last square is left out).
//
// Pawns and pins count as well. Each free pawn makes a demand, but the one the defender's move
// stands in front of (or the king's). And a pin holds one man at most: of the men on one ray
// that a pin may hold and that have a move (a piece with a move, a pawn whose push is free), all
// but one make demands, wherever the king's last move or a piece's lands.
//
// The man that moves takes its own demand away only where it ends without a move: a piece (which
// keeps the move back) only where a pin may hold it; a pawn only where the square in front of its
// new one is taken, where a pin may hold it, or where it promotes and a man of a kind it may
// become would have no move there (its own men on all its squares, or a pin holding it; the move
// itself, its kind known, is taken as ending so). A pawn that lands with its push free makes a
// demand there. So where no man's move may end so (and no ray holds two men, one of which may
// move off), the move meets one demand at most.
//
// One move earlier again, the attacker's second last move meets one demand at most too (it
// takes a man, or stands in front of a pawn; every ray is counted already as one it may pin
// along, with a pawn two ranks from promoting). So where no last move of the defender's would
// leave one demand were the attacker to pass, only those moves may change it, and where none
// would leave two, no move may. Where no man's move of the defender's may end without a move
// were the attacker to pass, the attacker's move may also make one, by standing in front of the
// square a pawn's push lands on, or in front of a man of its own that a pawn may capture; such a
// move captures nothing and stands in front of no pawn (behind it is an empty square or a man of
// the attacker's), so it meets no demand. A pawn's capture is taken as ending without
// a move wherever the square in front of a square it may capture on is taken (or it may promote
// there, or a pin may hold it there): the attacker's move may bring a man there to be captured,
// or make a two-step past it (the square in front of the one passed holds that pawn now). A
// piece's rays are taken as though the attacker's pieces had moved off them.
//
// Two moves earlier, the defender's second last move comes before the attacker's second last.
// Count the demands as the men stand, with the lines along which the attacker may pin with two
// moves, as for the defender's last move: where a man's move that took its own demand away and
// met most_met more would still leave three, and so would the king's move to each square next
// to it, a move of one of its pieces (not the king, nor a pawn) leaves that count as high unless
// it changes what the count is made of. It may: landing where a pin may hold it (along a line
// from the king's square or from one next to it), where it is left one way or none, on a way of
// a piece that has one or two (two moves would take them all), or in front of a pawn whose push
// is free; leaving a square in front of a pawn, or on the way of a piece that has none. Any other
// move of a piece leaves every man its demand, every piece two ways or more but those that had
// one (the same one), and every pawn its push: every count of second_last_landings after it is
// as high, and it finds no square. Where the count leaves three only as no man's move may end
// without a move (own_may_stop), a piece's move must keep that as well: it may not reach where
// a pin may hold it; nor leave a square whose man keeps another piece from such a square, or on
// which a pawn whose push is free would end without a move, capturing or two-stepping to it;
// nor land in front of a square such a pawn lands on, or on the one way of a man it promotes to.
//
// It holds where the ending bound does (one move a turn, a royal king), for moves other than
// castling: the bound is off while a castling right is left.

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
  // come after this one: the moves after which second_last_landings may leave a square (see the
  // top). Every move, unless the count as the men stand leaves three demands (no man's move
  // taking its own away, where own_taken is false) and so does every king's move; then the
  // king's, the pawns', the moves of the men of `movers`, those onto `landings`, and a piece's
  // move to where a pin may hold it (`near`), where it has one way or none, or (own_taken false)
  // from which it reaches where a pin may hold it (`here`). Past LastMen::kMaxOneWay pieces,
  // every move.
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
