#pragma once
// The defender's fill: whether its men may stand on the squares next to its king's square k
// that the attacker leaves unguarded, each man on one, within the defender's moves; for a
// stalemate where each turn is one move, each piece ending there without a move
// (docs/help-bound.md, "Counting piece by piece" and "Stalemates: the men that must end
// without a move"). The box (EndingBound::may_box_placed) asks it through a cache in the
// worker's scratch, an entry used only where the question is the same.

#include <cstdint>
#include <optional>
#include <type_traits>

#include "solver/search/help/bound/bound_terms.h"
#include "solver/search/help/bound/distance_tables.h"
#include "solver/search/resources/zeroed_memory.h"

namespace dm::search::bound {

class DefenderFill {
 public:
  // cache: 2^cache_bits entries of a worker's scratch.
  DefenderFill(const DistanceTables& tables, ZeroedMemory& cache, int cache_bits)
      : tables_(tables), cache_(cache), cache_bits_(cache_bits) {}

  // Whether the defender's men may stand on every square of `squares` (those next to the
  // king's square k: eight at most), each man on one, within `moves` moves together: the least
  // sum of their distances, for each set of the squares, as the men are taken one by one. For a
  // stalemate where each turn is one move, a piece fills a square only where it may end there
  // without a move (may_stand_still; a pawn, which may end blocked, fills any).
  // Where the position is tested as it stands (counts_stands), a man that stands on one of the
  // squares (of the first kMostStanding of them), and the king where it stands on k, either
  // stays throughout, and then no man passes or lands on its square, or steps off, and fills
  // its square again only two moves later. The least count over those choices (fill_around's)
  // is the answer.
  // Where `interpose` is a square (the one next to k on a lone checker's line, see
  // lone_checker), no man fills a square from which it steps onto it.
  bool fillable(const Defence& defence, Bitboard squares, int moves, Square k, Square interpose) const;
  static constexpr int kMostStanding = 3;
  // Whether fillable counts those choices: where the position is tested as it stands, but not
  // for a stalemate's men, which end without a move: there the choices changed few counts and
  // cost more than they saved.
  bool counts_stands(const Defence& d) const;
  // Which of the men that stand where the fill wants them stay, and which step off; and the
  // squares no man passes (those that stay, and k where the king stays there).
  struct Stands {
    Bitboard staying = 0;
    Bitboard stepping = 0;
    Bitboard blocked = 0;
  };
  // fillable's count for one choice: the men that stay fill their squares; the others' moves
  // are counted around the blocked squares, and a man that steps off needs two to fill its own.
  // With no choice made, every man is free and the count is on an empty board: no choice makes
  // it less.
  bool fill_around(const Defence& defence, Bitboard squares, int moves, Square k, Square interpose,
                   const Stands& stands) const;
  // fillable through the scratch's cache: the defender's men are the same for the attacker's
  // moves in between, and for each k and set of may_box_placed. `men_key` is men_key(defence).
  // An entry is used only where the men, their fingerprint, the squares, the moves, whether the
  // king stands on k and (for a stalemate, or where it does) k, whether the position is tested
  // as it stands and the square to interpose on are the same. The defence's own moves enter
  // fillable only through d.holds, which fillable_kept tests before it asks the cache.
  bool fillable_kept(const Defence& defence, uint64_t men_key, Bitboard squares, int moves, Square k,
                     Square interpose) const;
  // One entry of that cache (in zeroed memory: all zeros is an empty entry).
  struct Entry {
    Bitboard men = 0;
    Bitboard squares = 0;
    uint64_t bound = 0;  // the tables' id (0: empty)
    uint64_t men_key = 0;
    int moves = 0;
    Square k = 0;
    Square interpose = 0;
    bool king_on_k = false;
    bool as_it_stands = false;
    bool fillable = false;
    bool same_as(const Entry& o) const {
      return bound == o.bound && men_key == o.men_key && squares == o.squares && men == o.men && moves == o.moves &&
             k == o.k && interpose == o.interpose && king_on_k == o.king_on_k && as_it_stands == o.as_it_stands;
    }
  };
  static_assert(std::is_trivially_copyable_v<Entry> && sizeof(Entry) == 64);
  static constexpr int kCacheBits = 15;  // 2 MB at the scratch's full size
 private:
  // Whether a man of the defender's of kind t on `from` steps onto `to`, a square next to it (a
  // pawn by its push).
  bool steps_onto(const Defence& defence, PieceType t, Square from, Square to) const;
  // The fewest moves a piece of kind t (not a pawn) on `from` needs to stand on `to` on a board
  // empty but for `blocked`, which it neither passes nor lands on: kUnreachable past `limit`.
  // (Every move of these pieces goes both ways, so `to` is reached from a square one move from
  // it.)
  uint8_t moves_around(PieceType t, Square from, Square to, Bitboard blocked, int limit) const;
  // Whether some shortest way (`moves` moves) of a piece from `from` to `to` may pass or land
  // on a square b of `blocked`: in one move, b stands between; in more, b lies on a move from a
  // square a of the way to the next one, c, so b's moves from `from` are at most a's plus one
  // and its moves to `to` at most c's plus one: together at most `moves` plus one (moves_of:
  // the piece's moves_to_stand_).
  bool may_pass(const Moves& moves_of, Square from, Square to, int moves, Bitboard blocked) const;
  // fillable's answers that need no man's distance, shared by fillable and fillable_kept: true
  // where no square is asked for; false where the moves are negative, fewer than the squares no
  // man stands on, or some square is held by no man; none otherwise.
  static std::optional<bool> known_fill(const Defence& defence, Bitboard squares, int moves);
  // For a stalemate where each turn is one move: whether the defender's piece (not a pawn) of
  // kind t on `from`, `moves_there` moves from q, may end on q without a move, next to its
  // king on k, the men filling `squares` (q among them: those no piece of the attacker guards)
  // with `moves` moves together. The king is not in check, so only a pin makes a move illegal,
  // and a pin of this piece holds along the line from k through q, its pinner beyond q: that
  // pinner would guard q. So its own men stand on every square it moves to first (its
  // first_steps but k): those squares and the fill's are as many men, the king not among them
  // (the defender's men now: none are added). Where the defence is tested as_it_stands, each of
  // those squares outside the fill that no other man holds now takes a move of a man that ends
  // there, filling none of `squares`: those moves and the piece's own are within `moves`.
  bool may_stand_still(const Defence& defence, PieceType t, Square from, int moves_there, Square q, Square k,
                       Bitboard squares, int moves) const;
  // For a stalemate, the fewest moves of the defender's pawn on `from` to fill q (kFar: none
  // within `moves`): as a pawn, which may end blocked, or else as a kind it promotes to that may
  // stand still there (may_stand_still).
  uint8_t still_pawn_moves(const Defence& defence, Square from, Square q, Square k, Bitboard squares, int moves) const;

  const DistanceTables& tables_;
  ZeroedMemory& cache_;
  int cache_bits_;
};

}  // namespace dm::search::bound
