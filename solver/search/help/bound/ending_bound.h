#pragma once
// A lower bound that prunes help mates and help stalemates (and series play): where the
// defender's king can no longer end boxed in (mated or stalemated) within the moves left, the
// node is not searched, and on the last moves only the moves that may still end the line are
// tried. It never prunes a line that ends in the goal. The argument is docs/help-bound.md:
// "The box" and "Counting piece by piece" (invariants 1 to 8), "Stalemates: the men that must
// end without a move" (9 to 11), "Pieces taken one and two at a time" (12, 13), "Distances on
// an empty board" (14 to 17), "Where it holds" (18 to 20), and "Per-worker scratch" for the
// caches. HelpPruner (help_pruner.h) runs its tests at a node of help play in their order.

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <type_traits>
#include <vector>

#include "rules/position.h"
#include "solver/search/help/bound/stalemate_demands.h"
#include "solver/search/problem_terms.h"
#include "solver/search/resources/zeroed_memory.h"

namespace dm::search {

class EndingBound {
  // The most pieces of the attacker taken one and two at a time (docs/help-bound.md, invariants 7
  // and 13).
  static constexpr int kMaxRefined = 8;

  // Where the attacker's pieces check (the king aside) and guard.
  struct Reach {
    Bitboard checks;
    Bitboard guards;
    void add(PieceType t, Bitboard attacked) {
      guards |= attacked;
      if (t != PieceType::King) checks |= attacked;
    }
    Reach plus(PieceType t, Bitboard attacked) const {
      Reach reach = *this;
      reach.add(t, attacked);
      return reach;
    }
  };

  // The defender's side: where its king may walk and its men may stand with its moves left.
  struct Defence {
    const Position* position;  // where the men's kinds are read
    Color color;
    Square king;
    Bitboard men;    // the men (not the king) where they stand
    Bitboard holds;  // where they may stand
    Bitboard walk;   // where the king may stand
    int moves;
    // Whether this position itself is tested (may_end_in_time). Only then may may_stand_still
    // count the moves to the squares around a piece that no man holds now, and fillable the
    // moves of the men and the king that stand where the fill wants them (fill_around). The
    // tests that narrow the defender's moves take a man's move as changing the bound only by the
    // square it goes to next to the king (nearer_squares, box_last_defence), not by a square it
    // comes to around another man, nor by a way it clears; and the move they pass may be the
    // first of a step off and back.
    bool as_it_stands = false;
  };

 public:
  static constexpr uint8_t kUnreachable = UINT8_MAX;

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
  struct Shared;
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
  uint8_t moves_to_attack(PieceType t, Color c, Square from, Square target) const;
  // The fewest moves a piece of kind t of colour c on `from` needs to stand on `to`, on an
  // empty board (0 when from is to; kUnreachable when it never can).
  uint8_t moves_to_reach(PieceType t, Color c, Square from, Square to) const;

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

 private:
  // Distances are kept as nested sets: within[from][m] holds the squares at most m moves away,
  // the last entry every square at any distance.
  static constexpr int kSteps = 16;
  using Steps = std::array<Bitboard, kSteps>;
  using Within = std::vector<Steps>;  // [from][m]
  // [colour][kind]: only a pawn's tables differ between the colours.
  using ColourTables = std::array<std::array<Within, kPieceTypeCount>, 2>;
  // [from][to]: the fewest moves of a kind of piece to stand on a square.
  using Moves = std::vector<std::array<uint8_t, kSquareSpace>>;

  // The attacker's pieces, the first kMaxRefined of them with their squares and kinds, and
  // where they all check and guard with every move left.
  struct Army {
    std::array<Square, kMaxRefined> froms;
    std::array<PieceType, kMaxRefined> types;
    int count = 0;  // all of them, kMaxRefined or not
    Reach roaming{};
    Square king = kNoSquare;
  };

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
  // The squares next to one of `men` for a piece of kind t: those one of them is a first step of
  // (a piece's first steps go both ways, as every move of the variants' pieces does).
  Bitboard beside(PieceType t, Bitboard men) const;
  // The moves of the other men (`others`, d's men but the piece hemmed in) to hold every square
  // of `first` none of them holds now, the king's walk holding one where it holds any.
  static int hem_moves(const Defence& d, Bitboard first, Bitboard others) {
    return popcount(first & ~others) - ((first & d.walk) ? 1 : 0);
  }
  // The squares where another man of the defender's, landing, may let one of `pieces` (the
  // defender's, not pawns) end hemmed in within d's moves, as unhemmed counts it: the first steps
  // no other man holds of each square s the piece may go to where, one of them held, its moves
  // there and the hem's are within d's moves. (A first step of s is one exactly where s is one of
  // it, as every move of the variants' pieces goes both ways: the man lands next to s.)
  Bitboard hem_squares(const Defence& d, Bitboard pieces) const;
  // Calls visit(first, others, moves) for each square s each of `pieces` may go to within d's
  // moves where, one more first step held, the piece may end hemmed in within them: s's first
  // steps, the other men, and unhemmed's count (the moves to s, plus the first steps no other
  // man holds, less one where the king's walk holds any).
  template <class Visit>
  void for_each_hem(const Defence& d, Bitboard pieces, Visit&& visit) const;
  // The squares from which a piece of the defender's of kind t (not a pawn) may end hemmed in
  // within d's moves, the men of `others` standing where they stand (as unhemmed counts it): each
  // square within as many moves of a square s as the hem of s leaves.
  Bitboard hemmed_from(const Defence& d, PieceType t, Bitboard others) const;
  // The squares the defender's king may move to for its walk (d's moves from there) to hold a
  // square that may let one of `pieces` end hemmed in: a first step (held by a man or not) of a
  // square s the piece may go to, none of whose first steps the walk holds now, where, one of
  // them held, its moves there and the hem's are within d's moves (unhemmed counts the walk as
  // holding one first step of s where it holds any).
  Bitboard walk_hems(const Defence& d, Bitboard pieces) const;
  // Of `pieces` (the defender's, not pawns; pins aside, see take_off_the_captured): those hemmed
  // in neither where they stand nor where they go within d's moves, each taken alone (`alone`);
  // those in no set of them that may all end hemmed in together (may_end_hemmed_together), past
  // kMostHemmedTogether pieces `alone` (`together`, which holds `alone`); and the fewest
  // pieces such a set leaves out (`fewest`). They depend on the defender's side alone, which
  // the attacker's moves in between leave as it was: kept in the scratch, an entry used only where
  // the men, their fingerprint (men_key), the king and the moves are the same.
  struct Unhemmed {
    Bitboard alone = 0;
    Bitboard together = 0;
    int fewest = 0;
  };
  Unhemmed unhemmed(const Defence& d, Bitboard pieces) const;
  // Whether the pieces of `set` (bits of `froms`' places) may all end hemmed in within d's moves:
  // each piece ends on a square of its own, and each square one of them moves to first from
  // there that none of them ends on is held by a pawn of the defender's or its king, each on one
  // square; all their moves, counted on an empty board, are within d's. (Looser than the game:
  // the other men's squares, the attacker's pieces and what the pawns and the king must do
  // themselves are not counted.) True where more than kMostHemTries placings are tried.
  static constexpr int kMostHemmedTogether = 4;
  static constexpr int kMostHemTries = 4096;
  bool may_end_hemmed_together(const Defence& d, const std::array<Square, kMostHemmedTogether>& froms,
                               unsigned set) const;
  // One entry of that cache (in zeroed memory: all zeros is an empty entry); `together` as bits
  // of the pieces in the order of their squares.
  struct HemEntry {
    Bitboard men = 0;       // where the defender's men stand (the pieces and the pawns)
    Bitboard unhemmed = 0;  // the answer's `alone`
    uint64_t bound = 0;     // the bound's Shared::id (0: empty)
    uint64_t men_key = 0;   // men_key(d)
    int moves = 0;
    Square king = 0;
    Color color = Color::White;
    uint8_t together = 0;
    uint8_t fewest = 0;
    bool same_as(const HemEntry& o) const {
      return bound == o.bound && men_key == o.men_key && men == o.men && king == o.king && moves == o.moves &&
             color == o.color;
    }
  };
  static_assert(std::is_trivially_copyable_v<HemEntry> && sizeof(HemEntry) == 64);
  // Entries kept in a worker's scratch at its full size, 1 MB.
  static constexpr int kHemCacheBits = 14;
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
  // The attacker's side of it for one k: the widest sets of the zone (bit 0 k, then the squares
  // next to it in order) the army may check (mate only) and guard, each piece from the one
  // square it ends on, within `budget` moves together. From bit kInterposeShift on, a lone
  // checker's set (lone_checker_sets) has the place in the zone of the square next to k on
  // its line (0: none).
  struct PlacedSets {
    static constexpr int kTooMany = -1;  // more than fit: the test is not made
    static constexpr int kInterposeShift = 12;
    std::array<uint16_t, 24> sets{};
    int count = 0;
  };
  PlacedSets placed_sets(const Army& army, Color attacker, int budget, Square k, const std::array<Square, 9>& zone,
                         int n) const;
  // Whether the army is a lone checker for this defence: a mate, counted as the position stands
  // (counts_stands), and the attacker has its king and one other piece, not a pawn. Then the
  // mate holds only where no man of the defender's steps onto the square next to k on the
  // check's line (a rider's, from afar): nothing pins it, as the checker rides that line and the
  // king pins nothing. So no man fills a square from which it would (fillable's `interpose`);
  // the men that fill nothing may as well, but they are not counted.
  bool lone_checker(const Defence& defence, const Army& army) const;
  // placed_sets for a lone checker: each square the piece checks k from in time, each square
  // its king may then reach (those that guard no square next to k as one), and the square to
  // interpose on. A checker next to k stands guarded by the king, and fills nothing. A set is
  // left out where another guards as much or more with the same square to interpose on, or
  // none.
  PlacedSets lone_checker_sets(const Army& army, Color attacker, int budget, Square k) const;
  // What placed_sets found for one army, its moves and k, as kept in the scratch (in zeroed memory:
  // all zeros is an empty entry).
  struct PlacedEntry {
    uint64_t bound = 0;  // the bound's Shared::id (0: empty)
    std::array<Square, kMaxRefined> froms{};
    std::array<PieceType, kMaxRefined> types{};
    uint8_t count = 0;
    uint8_t budget = 0;
    Color attacker = Color::White;
    Square k = 0;
    bool lone = false;  // lone_checker_sets rather than placed_sets
    PlacedSets sets;
    bool same_as(const PlacedEntry& o) const {
      return bound == o.bound && count == o.count && budget == o.budget && attacker == o.attacker && k == o.k &&
             lone == o.lone &&
             std::equal(froms.begin(), froms.begin() + count, o.froms.begin()) &&
             std::equal(types.begin(), types.begin() + count, o.types.begin());
    }
  };
  static_assert(std::is_trivially_copyable_v<PlacedEntry> && sizeof(PlacedEntry) == 88);
  // k and the squares next to it (bit 0 and bits 1 to n - 1 of a placed set), and the squares
  // a set leaves unguarded: read from two tables, one for each half of the squares next to k,
  // rather than bit by bit (may_box_placed asks it of every set it tests).
  struct Zone {
    std::array<Square, 9> squares{};
    int n = 0;
    // [half][4 bits of a set]: the squares of that half whose bits are clear.
    std::array<std::array<Bitboard, 16>, 2> left{};
    void add(Square s);
    Bitboard unguarded(uint16_t set) const { return left[0][set >> 1 & 15] | left[1][set >> 5 & 15]; }
  };
  // placed_sets (or, for a lone checker, lone_checker_sets) for one army and its moves, for each
  // k asked, through the scratch's cache: an entry is used only where the army, its moves, k
  // and which of them are the same (a hash picks its place, never tells it).
  class PlacedLookup {
   public:
    PlacedLookup(const EndingBound& bound, const Army& army, Color attacker, int attacker_moves, bool lone);
    // The sets for k (valid until the next call), of the squares of zones[k].
    const PlacedSets& sets(Square k);

   private:
    const EndingBound& bound_;
    const Army& army_;
    PlacedEntry wanted_{};
    uint64_t hash_ = 0;
  };
  // Entries kept in a worker's scratch at its full size, about 23 MB (2^18 of 88 bytes): fewer
  // made the long help problems find again what they had found (reports/help-bound-figures.md).
  static constexpr int kPlacedCacheBits = 18;
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
  // fillable through the scratch's cache: the defender's men are the same for the attacker's
  // moves in between, and for each k and set of may_box_placed. `men_key` is men_key(defence).
  // An entry is used only where the men, their fingerprint, the squares, the moves, whether the
  // king stands on k and (for a stalemate, or where it does) k, whether the position is tested
  // as it stands and the square to interpose on are the same. The defence's own moves enter
  // fillable only through d.holds, which fillable_kept tests before it asks the cache.
  bool fillable_kept(const Defence& defence, uint64_t men_key, Bitboard squares, int moves, Square k,
                     Square interpose) const;
  // The defender's men's kinds on their squares: their Zobrist keys, xored.
  static uint64_t men_key(const Defence& defence);
  // One entry of that cache (in zeroed memory: all zeros is an empty entry).
  struct FillEntry {
    Bitboard men = 0;
    Bitboard squares = 0;
    uint64_t bound = 0;  // the bound's Shared::id (0: empty)
    uint64_t men_key = 0;
    int moves = 0;
    Square k = 0;
    Square interpose = 0;
    bool king_on_k = false;
    bool as_it_stands = false;
    bool fillable = false;
    bool same_as(const FillEntry& o) const {
      return bound == o.bound && men_key == o.men_key && squares == o.squares && men == o.men && moves == o.moves &&
             k == o.k && interpose == o.interpose && king_on_k == o.king_on_k && as_it_stands == o.as_it_stands;
    }
  };
  static_assert(std::is_trivially_copyable_v<FillEntry> && sizeof(FillEntry) == 64);
  static constexpr int kFillCacheBits = 15;  // 2 MB at the scratch's full size
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
  uint8_t still_pawn_moves(const Defence& defence, Square from, Square q, Square k, Bitboard squares,
                           int moves) const;
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

  static uint8_t distance(const Within& within, Square from, Square to);
  // tests/search/solver_ending_bound_test.cpp checks unhemmed against a plain scan of the board, and
  // fillable_kept against fillable.
  friend struct EndingBoundInternals;

  std::unique_ptr<Shared> own_shared_;  // the second constructor's
  std::unique_ptr<Scratch> own_scratch_;
  const Shared& shared_;
  Scratch& scratch_;
  // The next bound's Shared::id.
  static std::atomic<uint64_t> next_id_;
  static constexpr int kMostFirstSteps = 16;  // an Amazon's in the middle of the board
};

struct EndingBound::Shared {
  Shared(const Variant& variant, Goal ending);

  const Geometry& geometry;
  Goal goal;
  bool still_men;  // a stalemate where each turn is one move: the men that fill end without a move
  uint64_t id;     // tells this bound's entries in a worker's caches from another's
  // [k]: k and the squares next to it, as placed_sets numbers them.
  std::vector<Zone> zones;
  ColourTables attacks;  // squares a piece attacks after m moves
  ColourTables stands;   // squares a piece stands on after m moves
  ColourTables pawn_as;  // squares a pawn stands on after m moves as a pawn or as each kind it promotes to
  // [colour][kind][from][to]: the fewest moves to stand on a square, as stands holds them.
  std::array<std::array<Moves, kPieceTypeCount>, 2> moves_to_stand;
  std::vector<PieceType> pawn_kinds;  // the pawn and the kinds it promotes to
  // [kind][square]: the squares a piece moves to first (a rider's next square on each ray).
  std::array<std::vector<Bitboard>, kPieceTypeCount> first_steps;
  // [kind][count]: the squares with at most `count` first steps (the last entry, every square).
  std::array<std::array<Bitboard, kMostFirstSteps + 1>, kPieceTypeCount> few_first_steps{};
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
  struct Buffers;  // ending_bound.cpp: placed_sets' and fills_to_make's

  // How many times the caches are halved from their full size (kHemCacheBits, ...).
  static int halvings(size_t bytes);

  int halved_;
  ZeroedMemory hems_;    // HemEntry, 2^(kHemCacheBits - halved_)
  ZeroedMemory placed_;  // PlacedEntry, 2^(kPlacedCacheBits - halved_)
  ZeroedMemory fills_;   // FillEntry, 2^(kFillCacheBits - halved_)
  std::unique_ptr<Buffers> buffers_;
};

}  // namespace dm::search
