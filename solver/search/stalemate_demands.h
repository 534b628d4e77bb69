#pragma once
// What the attacker's last move of a help stalemate must do to the defender's men (its king
// aside: the ending bound boxes the king in, ending_bound.h). After that move no man of the
// defender may have a move left.
//
// The defender's king is not in check there (it has just moved), so a man's move is illegal only
// where it would open a line onto its king. After one move of the attacker, a pin holds only the
// first man on a ray from the king, or the second behind a piece of the attacker that moves off,
// and only on a ray of a kind that a piece of the attacker rides (or a pawn of it promotes to).
// One move of the attacker takes all the moves of any other man away only by capturing it, or,
// for a pawn, by standing in front of it (where its push was free) while no square is left for
// it to capture on (the piece it could capture moves away, and lands where the pawn does not
// capture). So each such man that has a move now makes a demand on the attacker's last move; a
// man a pin may hold makes none. Two pieces that make demands, neither a pawn, leave no move
// that stalemates.
//
// One move earlier, the defender's last move comes first (and may open a ray). Take the men on
// no ray from its king along which the attacker may pin (one it rides, or any where it has a
// pawn about to promote) that are free: a pawn whose push is free, and a piece whose moves go
// two ways (two leaps, two rays, or a leap and a ray). The attacker's last move takes one of
// them at most (it captures one man, or stands in front of one pawn). The defender's last move,
// by another man than the king, takes at most two: the man that moves, and a pawn it stands in
// front of (its new square takes at most one way from a piece, which keeps another). So with
// four free men only the king's moves may be the last; with three, a move of one of them in
// front of a free pawn; with two pieces, a move of one of them. And a piece that moves (not a pawn, which never
// moves back) keeps the move back to the square it left (the pieces where the bound holds all
// move both ways), and so makes a demand unless it lands where a pin may hold it: with two free
// pieces, two demands are left after any move but one of them, landing on a ray along which
// the attacker may pin; with one, after a move of another piece that does not land there.
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

  // For the defender to move in pos, its last move by a man (not the king): the squares of the
  // men that may make it and the squares it may go to, and the men whose move must also land on
  // a ray from the king along which the attacker may pin (`lines`).
  struct LastMen {
    Bitboard movers = ~Bitboard(0);
    Bitboard landings = ~Bitboard(0);
    Bitboard on_lines = 0;
    Bitboard lines = ~Bitboard(0);
    bool allows(Move m) const {
      return has(movers, m.from()) && has(landings, m.to()) && (!has(on_lines, m.from()) || has(lines, m.to()));
    }
  };
  static LastMen last_men(const Position& pos, Color attacker);

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
