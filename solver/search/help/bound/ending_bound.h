#pragma once
// A lower bound that prunes help mates and help stalemates (and series play): where the
// defender's king can no longer end boxed in (mated or stalemated) within the moves left, the
// node is not searched, and on the last moves only the moves that may still end the line are
// tried. It never prunes a line that ends in the goal. The argument is docs/help-bound.md:
// "The box" and "Counting piece by piece" (invariants 1 to 8), "Stalemates: the men that must
// end without a move" (9 to 11), "Pieces taken one and two at a time" (12, 13), "Distances on
// an empty board" (14 to 17), "Where it holds" (18 to 20), and "Per-worker scratch" for the
// caches. HelpPruner (help_pruner.h) runs its tests at a node of help play in their order.
// EndingBound is the box and the move filters; it asks its collaborators (DistanceTables,
// AttackerSets, DefenderFill, StalemateHem, StalemateDemands) and lends them the worker's
// scratch.

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <type_traits>
#include <vector>

#include "rules/position.h"
#include "solver/search/help/bound/attacker_sets.h"
#include "solver/search/help/bound/bound_terms.h"
#include "solver/search/help/bound/defender_fill.h"
#include "solver/search/help/bound/distance_tables.h"
#include "solver/search/help/bound/stalemate_demands.h"
#include "solver/search/help/bound/stalemate_hem.h"
#include "solver/search/problem_terms.h"
#include "solver/search/resources/zeroed_memory.h"

namespace dm::search {

class EndingBound {
  static constexpr int kMaxRefined = bound::kMaxRefined;
  using Reach = bound::Reach;
  using Defence = bound::Defence;

 public:
  static constexpr uint8_t kUnreachable = bound::kUnreachable;

  // The moves of the attacker still worth trying: for each piece the squares it may move to (a
  // pawn's all or none), every move where no choice is made.
  class AttackerMoves {
   public:
    bool empty() const;
    bool allows(Move m) const;

   private:
    friend class EndingBound;
    bool every_ = true;  // no choice made: every move is allowed
    int count_ = 0;
    std::array<Square, kMaxRefined> froms_;
    std::array<Bitboard, kMaxRefined> tos_;
  };

  // The defender's moves still worth trying: every king move, and the men's moves that each
  // narrowing allows, those onto a square of its `onto` or to a square from which the man
  // (promoted, where it promotes) reaches one of its `cover` with the defender's moves left;
  // but no capture of a piece of the attacker's without which the king cannot end boxed in.
  class DefenderMoves {
   public:
    bool allows(const Position& pos, Move m) const;

   private:
    friend class EndingBound;
    struct Narrowing {
      bool every = false;
      Bitboard onto = 0;
      Bitboard cover = 0;
    };
    const EndingBound* bound_ = nullptr;  // nullptr: every move is allowed
    Color defender_ = Color::White;
    Square king_ = kNoSquare;
    int moves_left_ = 0;  // the defender's, after this move
    std::array<Narrowing, 3> narrowings_{};
    int count_ = 0;
    // Where the defence would fail were it to pass: the squares each of its men may go to
    // without capturing (see nearer_squares), and its king (see king_approaches). Past
    // kMaxPieces, the other men go anywhere.
    static constexpr int kMaxPieces = 16;
    std::array<Square, kMaxPieces> piece_froms_{};
    std::array<Bitboard, kMaxPieces> piece_tos_{};
    int pieces_ = 0;
    Bitboard king_tos_ = ~Bitboard(0);
    // A capture of a piece of the attacker's (kMaxRefined of them at most): the king may still
    // end boxed in only where it may with the others' reach (see takes_too_much).
    std::array<Square, kMaxRefined> army_froms_{};
    std::array<Reach, kMaxRefined> reach_without_{};
    int army_count_ = 0;
    Defence passed_{};  // the defence were it to pass, its moves left after this move
    // A stalemate's demands, before the attacker's second last move (every move elsewhere).
    StalemateDemands::SecondLastMen demands_{};
  };

  // What the bound knows of a variant and a goal: its distance tables, zones and first steps.
  // Made once for a solve and read by every worker.
  using Shared = bound::DistanceTables;
  // One worker's scratch: the caches of what the bound has worked out (the hems, the attacker's
  // placed sets, the fills) and two buffers. Made once per worker thread and kept across
  // problems (Workers::scratch), so that no bound keeps memory of its own per thread; bytes()
  // is what it takes.
  class Scratch;

  // A worker's bound: the shared tables, with this worker's scratch.
  EndingBound(const Shared& shared, Scratch& scratch);
  // A bound of its own, tables and scratch, for one thread.
  EndingBound(const Variant& variant, Goal goal);
  ~EndingBound();
  EndingBound(const EndingBound&) = delete;
  EndingBound& operator=(const EndingBound&) = delete;

  // Whether the bound holds for help play with this goal in this variant (docs/help-bound.md,
  // invariants 18 and 19).
  static bool applies(const Variant& variant, Goal goal);
  // Whether may_end_in_time holds with the moves each side has left, for a variant of turns of
  // several moves (Marseillais, Extra Move): the king is royal and a mate or a stalemate leaves
  // it boxed in as in orthodox chess, and a side makes at most the moves of its turns. The
  // other tests (the last moves, the defender's moves) take each turn as one move.
  static bool counts_moves(const Variant& variant, Goal goal);

  // The fewest moves a piece of kind t of colour c on `from` needs to attack `target`, on an
  // empty board: 0 when it attacks it already; kUnreachable when it never can. (A distance of 15
  // or more would read as 15; on the 8x8 and 11x8 boards every distance is shorter.)
  uint8_t moves_to_attack(PieceType t, Color c, Square from, Square target) const {
    return shared_.moves_to_attack(t, c, from, target);
  }
  // The fewest moves a piece of kind t of colour c on `from` needs to stand on `to`, on an
  // empty board (0 when from is to; kUnreachable when it never can).
  uint8_t moves_to_reach(PieceType t, Color c, Square from, Square to) const {
    return shared_.moves_to_reach(t, c, from, to);
  }
  // The tables it reads, shared by the solve's workers.
  const Shared& shared() const { return shared_; }

  // Whether the defender's king may still end mated (or stalemated) with `attacker_moves` moves
  // of the attacker and `defender_moves` of the defender left; always true while a castling
  // right is left.
  bool may_end_in_time(const Position& pos, Color attacker, int attacker_moves, int defender_moves) const;

  // For the defender's last move, the attacker's one move still to come: the squares its men
  // (not the king) and its king may move to for the line to still end. Where the king could
  // not end boxed in were the defender to pass, only a man that comes next to the king may
  // change that (a move elsewhere at most takes a man or a guard away): those squares;
  // otherwise every square. The king's: those next to it where it may end boxed in. For a
  // stalemate, also which men may move at all and where (StalemateDemands::last_men).
  class LastDefence {
   public:
    bool allows(Move m) const;
    // Whether no move is allowed (known without trying them).
    bool none() const {
      return king_ != kNoSquare && !(king_squares_ & men_.king_squares) && (!men_squares_ || men_.no_man_moves());
    }

   private:
    friend class EndingBound;
    Square king_ = kNoSquare;  // kNoSquare: every move is allowed
    Bitboard king_squares_ = 0;
    Bitboard men_squares_ = 0;
    StalemateDemands::LastMen men_;
  };
  LastDefence last_defence(const Position& pos, Color attacker) const;
  // The same in two steps, for a search that runs the count of the moves left in between: first
  // the stalemate's demands alone (cheap, every square allowed), then the squares of the box.
  LastDefence last_defence_by_demands(const Position& pos, Color attacker) const;
  void box_last_defence(const Position& pos, Color attacker, LastDefence& moves) const;

  // For the attacker's last move, the defender having none after it: the moves to a square from
  // which, the others staying, the king may end boxed in. Empty where may_end_in_time(pos,
  // attacker, 1, 0) is false.
  AttackerMoves last_moves(const Position& pos, Color attacker) const;

  // For the attacker's second last move, the defender having one after it: the moves after which
  // may_end_in_time(pos, attacker, 1, 1) may hold for some piece making the last move (the first
  // test of finishing_squares): the piece that moved moves again, or another does while it stays
  // where it went. Where the move captures, the defender's men are taken as they stand now,
  // which only makes the king easier to box in.
  AttackerMoves second_last_moves(const Position& pos, Color attacker) const;
  // The same in two steps: first the squares the move may land on for the stalemate's demands
  // (StalemateDemands::second_last_landings; every square for a mate, or where the bound or its
  // count piece by piece does not hold), cheap; then the moves to those squares the box leaves,
  // the box tested on the king's squares each set of them is kept for: where the defender's last
  // move is a man's, only on the square the king stands on, and where may_box fails there (the
  // attacker's two moves, the defender's one), its landings are dropped first.
  using Landings = StalemateDemands::SecondLastLandings;
  Landings second_last_landings(const Position& pos, Color attacker) const;
  AttackerMoves second_last_moves(const Position& pos, Color attacker, const Landings& landings) const;
  // The same one move earlier, the defender having two after it and the attacker one more: the
  // moves after which may_end_in_time(pos, attacker, 2, 2) may pass its first test (every piece
  // roaming).
  AttackerMoves third_last_moves(const Position& pos, Color attacker) const;

  // For the defender to move, with `attacker_moves` and `defender_moves` left after its move:
  // the moves after which may_end_in_time's first test may pass (every piece of the attacker
  // roaming), and with two moves of the attacker left, may_box's two-move test may pass and
  // second_last_moves may leave a move, taken more loosely (every piece roaming after the move).
  // A man's move adds at most its own square to the defender's men and the squares it reaches
  // from there to what they hold (moving away, it takes its old ones with it; capturing, it only
  // takes guards away), and the king stays. So where, for some square k within the king's walk
  // and a reach these tests try, the men as they stand leave one square more next to k to fill
  // than the moves left allow, the move must go there; where they leave no more but some square
  // no man holds, it must reach that square; where they leave neither, every move may do.
  // And with two moves of the attacker or more and, for a mate, three of the defender's or fewer
  // left after this one (for a stalemate two), where may_box_filled fails were the defender to
  // pass (then so does may_end_in_time), a man's move that captures nothing must go to one of
  // its nearer_squares, and the king's to one of its king_approaches.
  // For a stalemate with two moves of the defender's or fewer left after this one, where passing
  // passes that test but not a stalemate's count of the pieces to capture, the moves are
  // narrowed by narrow_to_the_captured. Where the attacker has kMaxRefined pieces or fewer, a
  // capture of one, by a man or the king, is left out where takes_too_much says so.
  // For a stalemate with the attacker's two moves and the defender's one left after this one,
  // where its attacker has kMaxRefined pieces or fewer, only the moves that
  // StalemateDemands::second_last_men allows (those after which second_last_landings may leave a
  // square).
  DefenderMoves defender_moves(const Position& pos, Color attacker, int attacker_moves, int defender_moves) const;
  // The same for a series turn of the defender's that is not the series' last (ser-h#, ser-h=,
  // ser-s#, ser-s=), with `defender_moves` series turns left after it and the attacker's one move
  // after the series: the moves after which the count of the series turn below
  // (may_end_in_time(pos, attacker, 1, defender_moves)) may pass. The test that the defender
  // could not pass is made whatever the moves left (docs/help-bound.md, "Series play").
  DefenderMoves series_defender_moves(const Position& pos, Color attacker, int defender_moves) const;

 private:
  static constexpr int kSteps = bound::kSteps;
  static constexpr int kMostFirstSteps = bound::kMostFirstSteps;
  using Steps = bound::Steps;
  using Within = bound::Within;
  using Moves = bound::Moves;
  using Zone = bound::Zone;

  using Army = bound::Army;

  // A choice among the moves of the army's pieces (at most kMaxRefined), none allowed yet.
  static AttackerMoves choosing(const Army& army);
  // Where the bound says nothing: no king to box in, or a castling right left (docs/help-bound.md,
  // invariant 19).
  static bool unbounded(const Position& pos, Color attacker);
  Defence defence(const Position& pos, Color defender, int moves) const;
  // The same with only `men` of the defender's men (not the king).
  Defence defence(const Position& pos, Color defender, int moves, Bitboard men) const;
  Army army(const Position& pos, Color attacker, int moves) const;
  // For a stalemate where each turn is one move, the position itself tested: takes off d the
  // defender's pieces (not pawns) that must be captured, since they cannot end without a move.
  // Such a piece is not held by a pin (no piece of the attacker's may ride, by the end, a line
  // it does not move along), nor hemmed in where it stands (its own men on every square it moves
  // to first: a move of another man for each that none holds now, the king's walk holding one at
  // most) or where it goes (its moves there, then the same) within d's moves. Each capture takes
  // a move of the attacker's: false where they are more than its moves. One that no piece of the
  // attacker's may take where it stands (its moves to attack the square, then one) moves first:
  // d's moves are that many fewer (a captured piece fills nothing, and its moves are not the
  // king's or the fill's), false where too few are left. Where no piece of the defender's may be
  // held by a pin, the pieces are also taken together (unhemmed's `together`): those that end
  // hemmed in are hemmed in by each other, the pawns and the king, not by a piece that is
  // captured; each set of them that cannot all be leaves one more to capture.
  bool take_off_the_captured(Defence& d, const Army& army, Color attacker, int attacker_moves) const;
  // The defender's pieces take_off_the_captured takes off, and how many of them must move first.
  // Besides `men`, `more` of the others must be captured, which ones not known.
  struct Captured {
    Bitboard men = 0;
    int more = 0;
    int moves_first = 0;
    // Whether the attacker has a move for each capture and d a move for each that moves first.
    bool in_time(const Defence& d, int attacker_moves) const {
      return popcount(men) + more <= attacker_moves && moves_first <= d.moves;
    }
  };
  // The pieces are taken each alone (unhemmed's `alone`) or, with `together`, together (its
  // `together` and `fewest`, where no piece of the defender's is held by a pin).
  Captured must_be_captured(const Defence& d, const Army& army, Color attacker, int attacker_moves,
                            bool together = false) const;
  // The squares where some piece of the army may capture within attacker_moves, a move of its
  // own first (its moves to attack the square, then one): every square where the army has more
  // than kMaxRefined pieces.
  Bitboard takeable(const Army& army, Color attacker, int attacker_moves) const;
  // may_end_in_time for this defence and army.
  bool may_box(const Defence& defence, const Army& army, Color attacker, int attacker_moves) const;
  // may_box without its tests of one and two moves left: some square k of the king's walk passes
  // boxing_squares with every piece of the attacker roaming, then may_box_placed. (Where the
  // army has kMaxRefined pieces or fewer, may_box fails where this fails.)
  bool may_box_filled(const Defence& defence, const Army& army, Color attacker, int attacker_moves) const;
  // The moves counted piece by piece, for some square k of `among` (docs/help-bound.md,
  // invariants 3 to 7): each piece of the attacker ends on one square, all of them within the
  // attacker's moves together; one checks k (mate only), and the men of the defender fill each
  // square next to k that none guards from where it ends, a man to a square, within the moves
  // the king's walk leaves.
  bool may_box_placed(const Defence& defence, const Army& army, Color attacker, int attacker_moves,
                      Bitboard among) const;
  // Whether the army is a lone checker for this defence: a mate, counted as the position stands
  // (counts_stands), and the attacker has its king and one other piece, not a pawn. Then the
  // mate holds only where no man of the defender's steps onto the square next to k on the
  // check's line (a rider's, from afar): nothing pins it, as the checker rides that line and the
  // king pins nothing. So no man fills a square from which it would (fillable's `interpose`);
  // the men that fill nothing may as well, but they are not counted.
  bool lone_checker(const Defence& defence, const Army& army) const;
  // The squares of `among` (within the king's walk) where the king may end boxed in, with the
  // attacker's pieces checking and guarding where `reach` says; with first_only, the first one
  // found. A reach within another finds squares within the other's: a test that narrows a reach
  // need only look among the squares the wider one found.
  Bitboard boxing_squares(const Defence& defence, const Reach& reach, Bitboard among, bool first_only) const;
  // Whether the king may end boxed in on some square of its walk.
  bool boxed(const Defence& defence, const Reach& reach) const {
    return boxing_squares(defence, reach, defence.walk, true) != 0;
  }
  // Where the attacker's pieces but i and j check and guard with `moves` moves each (0: from
  // where they stand).
  Reach others(const Army& army, Color attacker, int i, int j, int moves) const;
  // Adds to `moves` second_last_moves' moves to the squares of `allowed`, the king ending on one
  // of `king_squares`.
  void add_second_last_moves(Defence defence, const Army& army, Color attacker, Bitboard allowed,
                             Bitboard king_squares, AttackerMoves& moves) const;
  // may_end_in_time with the king ending on one of `king_squares` (its own alone where it stays).
  bool may_end_on(const Position& pos, Color attacker, int attacker_moves, int defender_moves,
                  Bitboard king_squares) const;
  // The squares of `allowed` the army's piece i may move to, the others staying, for the king to
  // still end boxed in: each on its own (a pawn's, with its promotions, all or none). The king
  // does not end where the piece stands, nor next to the attacker's king. With first_only, the
  // first such square found (enough to know whether there is one).
  Bitboard finishing_squares(const Defence& defence, const Army& army, Color attacker, int i, Bitboard allowed,
                             bool first_only) const;

  // For each square, the fewest moves a man of the defender needs to stand on it, which man
  // that is, and the fewest of any other (kFar: none within the defence's moves).
  struct NearestMen {
    struct Entry {
      uint8_t first = kUnreachable;
      uint8_t second = kUnreachable;
      Square man = kNoSquare;
      // The fewest moves of a man other than the one on `other`.
      int but(Square other) const { return man == other ? second : first; }
    };
    std::array<Entry, kSquareSpace> squares{};
  };
  NearestMen nearest_men(const Defence& defence) const;
  // A fill the defender's men may have to make for its king to end on k (fills_to_make): the
  // squares, those a man that must fill one of them may fill, and the moves the walk to k
  // leaves. With them, what nearer_squares asks of every man: the nearest men's moves to the
  // squares (the nearest to each), the squares no man reaches, and the men that are the nearest
  // to some square (only for those is the count of the others different).
  struct Fill {
    Bitboard squares;
    Bitboard candidates;
    int budget;
    int nearest_moves;
    Bitboard unreached;
    Bitboard nearest_men;
  };
  // The fills may_box_placed tests, for each square k of the king's walk (for a mate, one the
  // attacker may check): for each of placed_sets' sets, the squares next to k it leaves
  // unguarded (exactly those); where the sets are too many to count, the squares the roaming
  // army leaves unguarded (at least those, and a man may fill any square next to k). A fill
  // that two squares or more no man reaches is left out: no man's move makes it (see
  // nearer_squares). Kept in the scratch, valid until the next call.
  const std::vector<Fill>& fills_to_make(const Defence& defence, const NearestMen& near, const Army& army,
                                         Color attacker, int attacker_moves) const;
  // The squares a man of the defender on `from` may move to, capturing nothing, for
  // may_end_in_time to pass below where may_box_filled fails with the defender passing
  // (`defence`: its men where they stand, its moves left after this one). may_box passes only
  // where a square k of the king's walk (for a mate, one the attacker may check) passes
  // may_box_placed: the men fill the squares next to k that some placed set leaves unguarded,
  // each man one, within the moves the walk leaves (one of `fills`). The attacker's side is as
  // it was, and with the men as they stand no fill is made in time; so this man fills some
  // square q of one, else the same men fill it with the man where it stands. It stands nearer
  // to q than before, and within what the others leave: at least the nearest other man's moves
  // to each square of the fill but q. A piece's moves go both ways, so its squares are those
  // within that many moves of q; a pawn's pushes (and promotions) are each tested from where
  // they land. (A fill is never empty where passing fails: then every square is allowed.)
  Bitboard nearer_squares(const Defence& defence, const NearestMen& near, const std::vector<Fill>& fills,
                          Square from) const;
  // The squares next to the defender's king it may move to, capturing nothing, for
  // may_end_in_time to pass below where may_box_filled fails with the defender passing. The
  // king's square enters the bound only through its walk: were it to end on k no farther from
  // where it stands than from where it goes, the defender passing would pass too. So it goes
  // nearer to some k that passes boxing_squares and may_box_placed with the defender's moves
  // counting this one (`defence`: its men, its moves one more than after this one).
  Bitboard king_approaches(const Defence& defence, const Army& army, Color attacker, int attacker_moves) const;
  // For DefenderMoves::allows: whether the defender's capture m of a piece of the attacker's
  // leaves its king no square of its walk where it may end boxed in, the others checking and
  // guarding with every move left (may_end_in_time's first test, below the move). The defence
  // after the move is taken widely: its men where they stand and the one that captures
  // (promoted, where it promotes) on the square it takes as well, or its king there.
  bool takes_too_much(const DefenderMoves& moves, const Position& pos, Move m) const;
  // defender_moves and series_defender_moves: with `unpassed`, the test that the defender could
  // not pass (nearer_squares, king_approaches) is made where it fails.
  DefenderMoves narrowed_defence(const Position& pos, Color attacker, int attacker_moves, int defender_moves,
                                 bool unpassed) const;
  // For defender_moves, where may_box_filled passes were the defender to pass (`defence`) but a
  // stalemate's count fails it: take_off_the_captured fails, or may_box_filled fails on the men
  // it leaves (landings not counted). Sets the squares each man of the defender may move to,
  // capturing nothing, for may_end_in_time to pass below. A man's move changes the pieces that
  // must be captured only where the man is one of them, or lands on one of their hem_squares:
  // elsewhere each of them stays unhemmed and, standing where it stands, as far from the
  // attacker's pieces, and the man's own square may add one more. So take_off_the_captured
  // leaves no more men and no more moves below than here (men and moves, wherever they fail the
  // test, fail it too when fewer); where it fails here it fails below, and where may_box_filled
  // fails on the men it leaves, the man's move may also go to one of its nearer_squares among
  // those men. A piece that must be captured changes them only where it lands on another's
  // hem_squares, where it may end hemmed in itself (hemmed_from), or where a piece of the
  // attacker's may take it though none may where it stands (a move fewer first). The king's move
  // changes them only where its walk comes to hold a square that may hem such a piece in
  // (walk_hems), and where the men left fail to fill, the box only where it comes nearer
  // (king_approaches, with those men). The captures are not narrowed.
  void narrow_to_the_captured(const Defence& defence, const Army& army, Color attacker, int attacker_moves,
                              DefenderMoves& moves) const;
  // Widens n with the moves of the defender's men after which the king may end boxed in with
  // the attacker's pieces checking and guarding where `reach` says (see defender_moves).
  void narrow(const Defence& defence, const Reach& reach, DefenderMoves::Narrowing& n) const;
  // Calls visit(reach) for each reach may_box tests with two moves left: piece i moves twice, or
  // i and j once each, the others staying. Stops where visit returns false.
  template <class Visit>
  void two_move_reaches(const Army& army, Color attacker, Visit&& visit) const;
  // Calls visit(i, to, reach) for each reach that third_last_moves tests (with two moves more)
  // and defender_moves narrows by (with one): piece i of the army moves to `to` (each square it
  // may go to; for a pawn, all its moves together, `to` being kNoSquare) and then every piece
  // may make `moves` moves more. Stops where visit returns false.
  template <class Visit>
  void one_move_reaches(const Army& army, Color attacker, int moves, Visit&& visit) const;

  static uint8_t distance(const Within& within, Square from, Square to) { return Shared::distance(within, from, to); }
  // tests/search/solver_ending_bound_test.cpp checks unhemmed against a plain scan of the board, and
  // fillable_kept against fillable.
  friend struct EndingBoundInternals;

  std::unique_ptr<Shared> own_shared_;  // the second constructor's
  std::unique_ptr<Scratch> own_scratch_;
  const Shared& shared_;
  Scratch& scratch_;
  bound::StalemateHem hem_;   // on the scratch's cache
  bound::DefenderFill fill_;  // on the scratch's cache
  bound::AttackerSets sets_;  // on the scratch's cache and buffers
};

class EndingBound::Scratch {
 public:
  // The most it takes: its caches at their full size.
  static constexpr size_t kFullBytes = size_t(26) << 20;
  // Caches as large as fit in `bytes` (halved together from their full size, down to a floor);
  // their size changes the bound's speed, never its answers.
  explicit Scratch(size_t bytes = kFullBytes);
  ~Scratch();
  Scratch(const Scratch&) = delete;
  Scratch& operator=(const Scratch&) = delete;

  // The memory it holds at most (the caches are zeroed memory: a page costs only once written).
  size_t bytes() const;

 private:
  friend class EndingBound;
  struct Buffers;  // bound_detail.h: AttackerSets' set costs and fills_to_make's fills

  // How many times the caches are halved from their full size (kHemCacheBits, ...).
  static int halvings(size_t bytes);

  int halved_;
  ZeroedMemory hems_;    // StalemateHem::Entry, 2^(StalemateHem::kCacheBits - halved_)
  ZeroedMemory placed_;  // AttackerSets::Entry, 2^(AttackerSets::kCacheBits - halved_)
  ZeroedMemory fills_;   // DefenderFill::Entry, 2^(DefenderFill::kCacheBits - halved_)
  std::unique_ptr<Buffers> buffers_;
};

}  // namespace dm::search
