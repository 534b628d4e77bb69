#pragma once
// Popeye's targets (optimisations/intelligent/mate/ and stalemate/) for help play (h#, h=), where
// both sides move: the final pictures are listed once, from the problem's position, and a node
// is searched only while some picture may still be reached with each side's moves left, each
// unit followed from the problem's position by its own moves. Series play uses them too: ser-#
// and ser-= with the series mover's moves alone, ser-h# with the other side's one move after
// them. The argument is docs/help-bound.md, "Help targets" (invariants 68 to 74).
//
// A picture places some units of both sides, each on a square and as a kind, and may mark units
// of the defender's (the side mated or stalemated) as taken. In a mate: the king on its square
// k; one piece of the attacker's that checks k from where it stands; for each square next to k,
// until none is left open, a man of the defender's on it or a piece of the attacker's that
// guards it, the king's square seen through; and where a placed man could take the checker or
// step between, a rider that pins it, a second check, or a unit in its way (mate_listing.cpp).
// In a stalemate: every unit of the defender's, placed where it has no move (a piece's first
// steps held by its own men, a pawn's push blocked and its captures free of the attacker's
// pieces) unless pinned, or taken; and the squares next to k covered (stalemate_listing.cpp).
// Units a picture does not place are free. The picture's need is the sum of each placed unit's
// fewest moves to stand so, counted on an empty board, for each side apart; a checking knight or
// pawn must arrive with the last move, and each unit to be taken costs the attacker a move.
//
// A picture is looser than the game, never tighter: it holds what every final position holds and
// asks nothing of the free units. So every final position of a solution holds one of the
// pictures listed, and a node from which none may be reached has no solution: a fact of the
// position and its moves left, which the table may keep.

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "rules/position.h"
#include "solver/problem/line.h"
#include "solver/search/help/bound/ending_bound.h"
#include "solver/search/help/targets/pawn_moves.h"
#include "solver/search/problem_terms.h"

namespace dm::search {

class HelpTargets {
 public:
  // Whether the targets hold: h# and h= in a variant of orthodox men on an 8x8 board, one move a
  // turn, a royal king and captures free (last_moves.h); h# also where a check ends a turn of
  // fixed length (Marseillais); and ser-#, ser-= and ser-h# of one move a turn.
  static bool applies(const Variant& variant, Play play, Goal goal);

  // A picture's mark for a unit of the defender's that the attacker takes.
  static constexpr Square kTaken = Square(0x7E);

  // The most units (both sides', kings included), and the most pictures and listing steps: past
  // them the list says nothing.
  static constexpr int kMostUnits = 32;
  static constexpr size_t kMostTargets = size_t(1) << 17;
  static constexpr uint64_t kMostSteps = uint64_t(1) << 22;

  // Lists the pictures of root in which `attacker` reaches `goal` (Mate or Stalemate of the other
  // side) within its `attacker_moves` moves and the other side's `defender_moves`. tables: the
  // pieces' distances on an empty board (the solve's, which outlive the list).
  HelpTargets(const EndingBound::Shared& tables, const Position& root, Goal goal, Color attacker, int attacker_moves,
              int defender_moves);

  // Whether the list says anything: not where the problem's position has a castling right (a
  // castling moves two units with one move), has no king of the defender's, or where the
  // listing was given up.
  bool holds() const { return holds_; }
  size_t size() const { return count_; }
  // The square of unit u in picture x (kNoSquare where it is free, kTaken where it is taken) and
  // its kind there.
  Square square(size_t x, int u) const { return squares_[x * size_t(units_) + size_t(u)]; }
  PieceType kind(size_t x, int u) const { return kinds_[x * size_t(units_) + size_t(u)]; }

  // The listing's state (help_listing.h).
  struct Listing;

  // Both sides' units followed through a search, and the pictures they may still reach (one for
  // each search).
  class Walk {
   public:
    explicit Walk(const HelpTargets& targets);
    // The units placed from the problem's position by the moves of `prefix`.
    void start(const std::vector<PlayedMove>& prefix);
    // Move m, made and taken back (every unit on the board is followed).
    void moved(Move m);
    void unmoved();
    // At a node with each side's moves left: whether some picture may still be reached. Where
    // one may, the pictures are kept for the nodes below until leave().
    bool enter(int attacker_left, int defender_left);
    void leave() { --depth_; }
    // Whether the units stand as picture x places them (for tests: the final position's picture).
    bool stands_in(size_t x) const;

   private:
    struct Step {
      int unit;  // -1: a unit not followed
      Square from;
      PieceType kind;
      int taken;  // the unit m takes, -1 where none
      Square taken_on;
    };
    struct Live {
      uint32_t target;
      uint8_t attacker_need;  // kept only where within the moves left
      uint8_t defender_need;
      uint8_t to_take;  // the units it marks taken that still stand
    };
    struct Frame {
      size_t steps = 0;  // the moves followed when the frame was made
      std::vector<Live> live;
    };
    // Picture x's needs from where the units stand, `changed` those that stand elsewhere than in
    // the problem's position; false where a unit it places is taken.
    bool need(size_t x, const std::vector<int>& changed, uint32_t& attacker_need, uint32_t& defender_need,
              uint32_t& to_take) const;

    const HelpTargets& targets_;
    std::array<Square, kMostUnits> at_{};  // kNoSquare: taken
    std::array<PieceType, kMostUnits> kind_{};
    std::array<int8_t, kSquareSpace> unit_on_{};  // -1: none
    std::vector<Step> steps_;
    std::vector<Frame> frames_;
    size_t depth_ = 0;
  };

 private:
  // The fewest moves of unit u's side, standing as `now` on `from`, to stand on `to` as `then`
  // (PieceType::None: as any kind); kFar where it never may.
  uint8_t moves(int u, PieceType now, Square from, PieceType then, Square to) const;
  // The same for the leaper that checks, which must arrive with the last move: from `to`
  // itself, out and back.
  uint8_t moves_arriving(int u, PieceType now, Square from, PieceType then, Square to) const;
  // Unit u's fewest moves, standing as `now` on `from`, to stand as picture x places it.
  uint8_t unit_moves(size_t x, int u, PieceType now, Square from) const {
    return u == arriving_[x] ? moves_arriving(u, now, from, kind(x, u), square(x, u))
                             : moves(u, now, from, kind(x, u), square(x, u));
  }
  // From the problem's position.
  uint8_t moves_from_root(int u, PieceType then, Square to) const {
    return moves(u, root_kinds_[size_t(u)], root_squares_[size_t(u)], then, to);
  }
  // The listing (help_listing.cpp): each square of the king, then the goal's own steps.
  void list(const Position& root);
  // Counts a step; false where the listing is given up.
  bool step(Listing& listing);
  // Unit u on s as t, then the goal's next step (cover() or jam()).
  void place(Listing& listing, int u, Square s, PieceType t, uint8_t cost);
  // A man of the defender's on s as t: in a stalemate, with what it needs to have no move, or
  // pinned.
  void place_man(Listing& listing, int v, Square s, PieceType t, uint8_t cost);
  // Each unit of [first, last) not yet placed on s, as each kind it may end as, within its side's
  // moves: a man of the defender's through place_man(), a piece of the attacker's where it may
  // stand.
  void place_on(Listing& listing, Square s, int first, int last);
  // Whether a placed piece of the attacker's guards f, the king's square seen through.
  bool guarded(const Listing& listing, Square f) const;
  // The first square next to k neither filled nor guarded (kNoSquare: none); `dead` where some
  // such square can no longer be covered in time.
  Square first_open_flight(const Listing& listing, bool& dead) const;
  // Each way to cover `open`: a man of the defender's on it, or a piece of the attacker's that
  // guards it.
  void cover_flight(Listing& listing, Square open);
  // Whether a piece of the attacker's may stand on s as t in the picture.
  bool may_stand(const Listing& listing, PieceType t, Square s) const;
  // Whether a placed rider of the attacker's pins the man on s to k, the lines clear of placed units.
  bool pinned(const Listing& listing, Square s) const;
  // Each rider of the attacker's that may pin the man on s, placed beyond it on its line from k.
  void place_pinner(Listing& listing, Square s);
  // Mates (mate_listing.cpp): each checker, then cover() until no square next to k is open, then
  // stop_parries(): where a placed man may parry the only check, it is pinned, a second check
  // comes or a unit stands in its way.
  void list_checks(Listing& listing);
  // Unit u as t checking k from each square of `from` it may reach in time, the check's line
  // added to the listing's; a leaper is the unit that arrives last.
  void place_checker(Listing& listing, int u, PieceType t, Bitboard from);
  void cover(Listing& listing);
  void stop_parries(Listing& listing);
  // Stalemates (stalemate_listing.cpp): the squares that must hold a man, the pushes to block,
  // the squares next to k, then each man left, taken or placed.
  void jam(Listing& listing);
  void record(Listing& listing);

  const EndingBound::Shared& tables_;
  Goal goal_ = Goal::Mate;
  Color attacker_ = Color::White;
  int attacker_moves_ = 0;
  int defender_moves_ = 0;
  int units_ = 0;
  int first_attacker_ = 0;  // units [0, first_attacker_) are the defender's, its king first; then the attacker's
  std::array<Square, kMostUnits> root_squares_{};
  std::array<PieceType, kMostUnits> root_kinds_{};
  std::array<std::optional<targets::PawnCounts>, 2> pawns_;  // by colour: captures anywhere
  std::vector<PieceType> promotions_;
  bool holds_ = false;
  size_t count_ = 0;
  std::vector<Square> squares_;
  std::vector<PieceType> kinds_;
  std::vector<int8_t> arriving_;  // [x]: the leaper that checks (-1: a rider)
  // [x]: the attacker's and the defender's moves from root, and the units it marks taken.
  std::vector<std::array<uint8_t, 3>> root_needs_;
};

}  // namespace dm::search
