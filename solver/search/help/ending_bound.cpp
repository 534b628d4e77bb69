#include "solver/search/help/ending_bound.h"

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstdlib>
#include <optional>

#include "rules/zobrist.h"
#include "solver/search/help/stalemate_demands.h"
#include "solver/search/resources/zeroed_memory.h"

namespace dm::search {

namespace {

constexpr uint8_t kFar = EndingBound::kUnreachable;
using Table = std::vector<std::array<uint8_t, kSquareSpace>>;  // [from][to or target]
using KindTables = std::array<Table, kPieceTypeCount>;

// The entry `hash` picks in a cache of 2^bits entries (a worker's scratch keeps one for each kind
// of entry). The cache is zeroed memory (an entry of zeros is empty) whose pages are touched only
// when a probe first lands on them: a short problem pays for the pages it uses, not for all of
// it. The hash picks the place only: the entry tells whether it holds what is wanted.
template <class Entry>
Entry& kept_entry(ZeroedMemory& memory, int bits, uint64_t hash) {
  return static_cast<Entry*>(memory.data())[size_t((hash * 0x9E3779B97F4A7C15ULL) >> (64 - bits))];
}

uint8_t add(uint8_t a, uint8_t b) { return a == kFar || b == kFar ? kFar : uint8_t(std::min(a + b, kFar - 1)); }

Table unreachable() {
  Table table(kSquareSpace);
  for (auto& row : table) row.fill(kFar);
  return table;
}

// The squares a piece of kind t (not a pawn) on one of `squares` moves to, `occupied` standing
// in its way, on the board.
Bitboard one_move_from(const Geometry& g, PieceType t, Bitboard squares, Bitboard occupied) {
  Bitboard next = 0;
  for (Bitboard b = squares; b;) next |= g.attacks(t, pop_lsb(b), occupied);
  return next & g.board();
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
      frontier = one_move_from(g, t, frontier, 0) & ~reached;
      reached |= frontier;
      for (Bitboard b = frontier; b;) moves[from][pop_lsb(b)] = step;
    }
  }
  return moves;
}

// The fewest moves for a piece of kind t to stand where it attacks a target, from its paths:
// a piece on s attacks every square it attacks from there.
Table piece_attacks(const Geometry& g, PieceType t, const Table& moves) {
  Table attacks = unreachable();
  for (Bitboard stands = g.board(); stands;) {
    const Square s = pop_lsb(stands);
    const Bitboard attacked = g.attacks(t, s, 0) & g.board();
    for (Bitboard froms = g.board(); froms;) {
      const Square from = pop_lsb(froms);
      if (moves[from][s] == kFar) continue;
      for (Bitboard b = attacked; b;) {
        uint8_t& best = attacks[from][pop_lsb(b)];
        best = std::min(best, moves[from][s]);
      }
    }
  }
  return attacks;
}

// The fewest moves of a pawn of colour c from `from` to `to` on an empty board (see the header):
// one per rank, but for the double step from the rank where the pawns start.
uint8_t pawn_path(const Geometry& g, Color c, Square from, Square to) {
  const int forward = (rank_of(to) - rank_of(from)) * (c == Color::White ? 1 : -1);
  const int sideways = std::abs(file_of(to) - file_of(from));
  if (forward < sideways) return kFar;
  if (forward == 0) return 0;
  const bool starts = rank_of(from) == (c == Color::White ? 1 : g.ranks() - 2);
  return uint8_t(std::max({sideways, starts ? forward - 1 : forward, 1}));
}

// The fewest moves of a pawn of colour c to stand on a square (`stand`) and to attack one
// (`attack`): as a pawn short of the last rank, or promoted on it and going on as the new
// piece, whose tables `paths` and `attacks` hold.
struct PawnTables {
  Table stand = unreachable();
  Table attack = unreachable();
  KindTables stand_as;  // as a pawn (the Pawn entry) or promoted to each kind
};

PawnTables pawn_tables(const Geometry& g, Color c, const PieceTypeList& promotions, const KindTables& paths,
                       const KindTables& attacks) {
  const Bitboard last_rank = g.rank_bb(c == Color::White ? g.ranks() - 1 : 0);
  PawnTables pawn;
  pawn.stand_as[index(PieceType::Pawn)] = unreachable();
  for (const PieceType t : promotions) pawn.stand_as[index(t)] = unreachable();
  for (Bitboard froms = g.board() & ~last_rank; froms;) {
    const Square from = pop_lsb(froms);
    for (Bitboard stands = g.board(); stands;) {
      const Square s = pop_lsb(stands);
      const uint8_t m = pawn_path(g, c, from, s);
      if (m == kFar) continue;
      if (!has(last_rank, s)) {
        pawn.stand[from][s] = std::min(pawn.stand[from][s], m);
        pawn.stand_as[index(PieceType::Pawn)][from][s] = m;
        for (Bitboard b = g.pawn_attacks(c, s) & g.board(); b;) {
          uint8_t& best = pawn.attack[from][pop_lsb(b)];
          best = std::min(best, m);
        }
        continue;
      }
      for (const PieceType t : promotions) {
        for (Bitboard b = g.board(); b;) {
          const Square to = pop_lsb(b);
          pawn.stand[from][to] = std::min(pawn.stand[from][to], add(m, paths[index(t)][s][to]));
          uint8_t& as = pawn.stand_as[index(t)][from][to];
          as = std::min(as, add(m, paths[index(t)][s][to]));
          pawn.attack[from][to] = std::min(pawn.attack[from][to], add(m, attacks[index(t)][s][to]));
        }
      }
    }
  }
  return pawn;
}

// Sets of what the attacker's pieces do around a king's square, each with the fewest moves that
// reach it: bit j (0 to 8) for the zone's square j attacked (0: the king's own, then the eight
// next to it), bit 8 + j (j from 1) for a piece standing on square j. A list of those reached
// and a table, which each clear() leaves all unreached again.
class SetCosts {
 public:
  static constexpr int kBits = 17;
  static constexpr uint8_t kNone = UINT8_MAX;
  SetCosts() : least_(size_t(1) << kBits, kNone) {}
  int count() const { return int(sets_.size()); }
  size_t bytes() const { return least_.size() + sets_.capacity() * sizeof(unsigned); }
  unsigned set(int x) const { return sets_[size_t(x)]; }
  int least(unsigned set) const { return least_[set]; }
  void offer(unsigned set, int moves) {
    if (least_[set] == kNone) sets_.push_back(set);
    least_[set] = std::min(least_[set], uint8_t(moves));
  }
  void clear() {
    for (const unsigned set : sets_) least_[set] = kNone;
    sets_.clear();
  }
  // Drops each set that another makes needless: one that attacks all it attacks, stands on no
  // square it does not, and is reached in as few moves. The sets left come fewest moves first.
  void drop_needless() {
    std::sort(sets_.begin(), sets_.end(), [&](unsigned x, unsigned y) { return least_[x] < least_[y]; });
    size_t kept = 0;
    for (size_t x = 0; x < sets_.size(); ++x) {
      const unsigned set = sets_[x];
      bool needless = false;
      for (size_t y = 0; y < kept && !needless; ++y) {
        const unsigned other = sets_[y];
        needless = (set & kAttacked & ~other) == 0 && (other & ~kAttacked & ~set) == 0;
      }
      if (needless) {
        least_[set] = kNone;
      } else {
        sets_[kept++] = set;
      }
    }
    sets_.resize(kept);
  }
  static constexpr unsigned kAttacked = 0x1FF;  // the bits of the squares attacked

 private:
  std::vector<uint8_t> least_;
  std::vector<unsigned> sets_;  // those reached, as they came
};

int king_walk(Square from, Square to) {
  return std::max(std::abs(file_of(to) - file_of(from)), std::abs(rank_of(to) - rank_of(from)));
}

}  // namespace

bool EndingBound::applies(const Variant& variant, Goal goal) {
  return (goal == Goal::Mate || goal == Goal::Stalemate) && variant.king_rule == KingRule::Royal &&
         !variant.is_multi_move();
}

bool EndingBound::counts_moves(const Variant& variant, Goal goal) {
  return (goal == Goal::Mate || goal == Goal::Stalemate) && variant.king_rule == KingRule::Royal &&
         variant.turn_length == TurnLength::Fixed;
}

EndingBound::Shared::Shared(const Variant& variant, Goal ending)
    : geometry(variant.geometry()),
      goal(ending),
      still_men(ending == Goal::Stalemate && !variant.is_multi_move()),
      id(next_id_++),
      zones(kSquareSpace) {
  const Geometry& g = geometry;
  for (Bitboard b = g.board(); b;) {
    const Square k = pop_lsb(b);
    Zone& zone = zones[k];
    zone.add(k);
    for (Bitboard r = g.leaps(PieceType::King, k) & g.board(); r;) zone.add(pop_lsb(r));
  }
  KindTables paths_of;
  KindTables attacks_of;
  std::vector<PieceType> kinds(variant.pieces.begin(), variant.pieces.end());
  kinds.insert(kinds.end(), variant.promotions.begin(), variant.promotions.end());
  for (const PieceType t : kinds) {
    if (t == PieceType::Pawn || !paths_of[index(t)].empty()) continue;
    paths_of[index(t)] = paths(g, t);
    attacks_of[index(t)] = piece_attacks(g, t, paths_of[index(t)]);
  }
  // Each table as nested sets (see the header): a square m moves away joins every set from m on.
  const auto nested = [&](const Table& table) {
    Within within(kSquareSpace);
    for (Bitboard froms = g.board(); froms;) {
      const Square from = pop_lsb(froms);
      Steps& steps = within[from];
      for (Bitboard b = g.board(); b;) {
        const Square to = pop_lsb(b);
        if (table[from][to] != kFar) steps[std::min<int>(table[from][to], kSteps - 1)] |= square_bb(to);
      }
      for (int m = 1; m < kSteps; ++m) steps[m] |= steps[m - 1];
    }
    return within;
  };
  // Each table's distances as the nested sets read them: kSteps - 1 at most.
  const auto capped = [](Table table) {
    for (auto& row : table) {
      for (uint8_t& moves : row) moves = moves == kFar ? kFar : uint8_t(std::min<int>(moves, kSteps - 1));
    }
    return table;
  };
  for (const PieceType t : kinds) {
    if (t == PieceType::Pawn || !attacks[0][index(t)].empty()) continue;
    attacks[0][index(t)] = attacks[1][index(t)] = nested(attacks_of[index(t)]);
    stands[0][index(t)] = stands[1][index(t)] = nested(paths_of[index(t)]);
    moves_to_stand[0][index(t)] = moves_to_stand[1][index(t)] = capped(paths_of[index(t)]);
    first_steps[index(t)].assign(kSquareSpace, 0);
    for (Bitboard b = g.board(); b;) {
      const Square q = pop_lsb(b);
      first_steps[index(t)][q] = g.attacks(t, q, g.board()) & g.board();
      const int count = std::min(popcount(first_steps[index(t)][q]), kMostFirstSteps);
      for (int c = count; c <= kMostFirstSteps; ++c) few_first_steps[index(t)][size_t(c)] |= square_bb(q);
    }
  }
  if (std::find(kinds.begin(), kinds.end(), PieceType::Pawn) == kinds.end()) return;
  for (const Color c : {Color::White, Color::Black}) {
    const PawnTables pawn = pawn_tables(g, c, variant.promotions, paths_of, attacks_of);
    attacks[index(c)][index(PieceType::Pawn)] = nested(pawn.attack);
    stands[index(c)][index(PieceType::Pawn)] = nested(pawn.stand);
    moves_to_stand[index(c)][index(PieceType::Pawn)] = capped(pawn.stand);
    for (size_t t = 0; t < pawn.stand_as.size(); ++t) {
      if (!pawn.stand_as[t].empty()) pawn_as[index(c)][t] = nested(pawn.stand_as[t]);
    }
  }
  pawn_kinds.push_back(PieceType::Pawn);
  pawn_kinds.insert(pawn_kinds.end(), variant.promotions.begin(), variant.promotions.end());
}

std::atomic<uint64_t> EndingBound::next_id_{1};

EndingBound::EndingBound(const Shared& shared, Scratch& scratch) : shared_(shared), scratch_(scratch) {}

EndingBound::EndingBound(const Variant& variant, Goal goal)
    : own_shared_(std::make_unique<Shared>(variant, goal)),
      own_scratch_(std::make_unique<Scratch>()),
      shared_(*own_shared_),
      scratch_(*own_scratch_) {}

EndingBound::~EndingBound() = default;

bool EndingBound::counts_stands(const Defence& d) const { return d.as_it_stands && !shared_.still_men; }

// The buffers placed_sets and fills_to_make fill anew at each call.
struct EndingBound::Scratch::Buffers {
  std::array<SetCosts, 3> set_costs;
  std::vector<Fill> fills;
};

// The buffers' own size: placed_sets' three tables of set costs.
constexpr size_t kBufferBytes = 3 * (size_t(1) << SetCosts::kBits);

int EndingBound::Scratch::halvings(size_t bytes) {
  constexpr int kMostHalvings = 8;  // the placed sets' cache at 88 KiB
  const auto caches = [](int halved) {
    return (sizeof(HemEntry) << (kHemCacheBits - halved)) + (sizeof(PlacedEntry) << (kPlacedCacheBits - halved)) +
           (sizeof(FillEntry) << (kFillCacheBits - halved));
  };
  int halved = 0;
  while (halved < kMostHalvings && caches(halved) + kBufferBytes > bytes) ++halved;
  return halved;
}

EndingBound::Scratch::Scratch(size_t bytes)
    : halved_(halvings(bytes)),
      hems_(sizeof(HemEntry) << (kHemCacheBits - halved_)),
      placed_(sizeof(PlacedEntry) << (kPlacedCacheBits - halved_)),
      fills_(sizeof(FillEntry) << (kFillCacheBits - halved_)),
      buffers_(std::make_unique<Buffers>()) {}

EndingBound::Scratch::~Scratch() = default;

size_t EndingBound::Scratch::bytes() const {
  size_t bytes = hems_.bytes() + placed_.bytes() + fills_.bytes() + sizeof(Buffers);
  for (const SetCosts& costs : buffers_->set_costs) bytes += costs.bytes();
  return bytes + buffers_->fills.capacity() * sizeof(Fill);
}

uint8_t EndingBound::distance(const Within& within, Square from, Square to) {
  if (within.empty()) return kFar;
  for (int m = 0; m < kSteps; ++m) {
    if (has(within[from][m], to)) return uint8_t(m);
  }
  return kFar;
}

uint8_t EndingBound::moves_to_attack(PieceType t, Color c, Square from, Square target) const {
  return distance(shared_.attacks[index(c)][index(t)], from, target);
}

uint8_t EndingBound::moves_to_reach(PieceType t, Color c, Square from, Square to) const {
  const Moves& moves = shared_.moves_to_stand[index(c)][index(t)];
  return moves.empty() ? kFar : moves[from][to];
}

EndingBound::Defence EndingBound::defence(const Position& pos, Color defender, int moves) const {
  return defence(pos, defender, moves, pos.pieces(defender) & ~square_bb(pos.king_square(defender)));
}

EndingBound::Defence EndingBound::defence(const Position& pos, Color defender, int moves, Bitboard men) const {
  Defence d;
  d.position = &pos;
  d.color = defender;
  d.king = pos.king_square(defender);
  d.men = men;
  d.moves = moves;
  const int step = std::min(moves, kSteps - 1);
  d.holds = 0;
  for (Bitboard b = d.men; b;) {
    const Square from = pop_lsb(b);
    d.holds |= shared_.stands[index(defender)][index(type_of(pos.piece_on(from)))][from][step];
  }
  d.walk = shared_.stands[index(defender)][index(PieceType::King)][d.king][step];
  return d;
}

EndingBound::Army EndingBound::army(const Position& pos, Color attacker, int moves) const {
  const int step = std::min(moves, kSteps - 1);
  Army a;
  for (Bitboard b = pos.pieces(attacker); b; ++a.count) {
    const Square from = pop_lsb(b);
    const PieceType t = type_of(pos.piece_on(from));
    a.roaming.add(t, shared_.attacks[index(attacker)][index(t)][from][step]);
    if (a.count < kMaxRefined) {
      a.froms[a.count] = from;
      a.types[a.count] = t;
    }
    if (t == PieceType::King) a.king = from;
  }
  return a;
}

Bitboard EndingBound::boxing_squares(const Defence& d, const Reach& reach, Bitboard among, bool first_only) const {
  Bitboard squares = 0;
  for (Bitboard b = shared_.goal == Goal::Mate ? among & reach.checks : among; b;) {
    const Square k = pop_lsb(b);
    const Bitboard around = shared_.geometry.leaps(PieceType::King, k) & shared_.geometry.board();
    if (around & ~(reach.guards | d.holds)) continue;
    if (king_walk(d.king, k) + popcount(around & ~reach.guards & ~d.men) > d.moves) continue;
    squares |= square_bb(k);
    if (first_only) break;
  }
  return squares;
}

EndingBound::Reach EndingBound::others(const Army& a, Color attacker, int i, int j, int moves) const {
  Reach reach{};
  for (int k = 0; k < a.count; ++k) {
    if (k != i && k != j) reach.add(a.types[k], shared_.attacks[index(attacker)][index(a.types[k])][a.froms[k]][moves]);
  }
  return reach;
}

template <class Visit>
void EndingBound::two_move_reaches(const Army& a, Color attacker, Visit&& visit) const {
  const auto& attacks = shared_.attacks[index(attacker)];
  for (int i = 0; i < a.count; ++i) {
    for (int j = i; j < a.count; ++j) {
      Reach reach = others(a, attacker, i, j, 0);
      reach.add(a.types[i], attacks[index(a.types[i])][a.froms[i]][i == j ? 2 : 1]);
      if (i != j) reach.add(a.types[j], attacks[index(a.types[j])][a.froms[j]][1]);
      if (!visit(reach)) return;
    }
  }
}

template <class Visit>
void EndingBound::one_move_reaches(const Army& a, Color attacker, int moves, Visit&& visit) const {
  const auto& attacks = shared_.attacks[index(attacker)];
  for (int i = 0; i < a.count; ++i) {
    const Reach free = others(a, attacker, i, i, moves);
    const auto& own = attacks[index(a.types[i])];
    Reach reach = free;
    if (a.types[i] == PieceType::Pawn) {
      // Its moves and promotions all or none: the pawn's moves from where it stands.
      reach.add(PieceType::Pawn, own[a.froms[i]][moves + 1]);
      if (!visit(i, kNoSquare, reach)) return;
      continue;
    }
    for (Bitboard b = shared_.stands[index(attacker)][index(a.types[i])][a.froms[i]][1] & ~square_bb(a.froms[i]); b;) {
      const Square to = pop_lsb(b);
      reach = free;
      reach.add(a.types[i], own[to][moves]);
      if (!visit(i, to, reach)) return;
    }
  }
}

Bitboard EndingBound::finishing_squares(const Defence& d, const Army& a, Color attacker, int i, Bitboard allowed,
                                        bool first_only) const {
  const auto& attacks = shared_.attacks[index(attacker)][index(a.types[i])];
  const Reach staying = others(a, attacker, i, i, 0);
  // The squares the king may end on with the piece anywhere it may go: where it goes, the king
  // may end only on some of these. A pawn's moves go all or none, so for it one square will do.
  const bool pawn = a.types[i] == PieceType::Pawn;
  const Bitboard ends = boxing_squares(d, staying.plus(a.types[i], attacks[a.froms[i]][1]), d.walk, pawn);
  if (!ends) return 0;
  if (pawn) return allowed;
  // The piece must go where it guards, for some square k the king may end on, each square next
  // to k that neither the others guard nor the defender's men may hold. A piece other than a
  // pawn attacks a square from every square it attacks from there (each piece of the variants
  // moves alike both ways), so it stands where it attacks from each of them.
  Bitboard guarding = 0;
  for (Bitboard b = ends; b;) {
    Bitboard need =
        shared_.geometry.leaps(PieceType::King, pop_lsb(b)) & shared_.geometry.board() & ~(staying.guards | d.holds);
    Bitboard from_where = ~Bitboard(0);
    while (need && from_where) from_where &= attacks[pop_lsb(need)][0];
    guarding |= from_where;
  }
  const auto king_zone = [&](Square s) { return square_bb(s) | shared_.geometry.leaps(PieceType::King, s); };
  const bool king_moves = a.types[i] == PieceType::King;
  const Bitboard staying_king = a.king == kNoSquare || king_moves ? 0 : king_zone(a.king);
  Bitboard squares = 0;
  for (Bitboard b = shared_.stands[index(attacker)][index(a.types[i])][a.froms[i]][1] & ~square_bb(a.froms[i]) &
                    allowed & guarding;
       b;) {
    const Square to = pop_lsb(b);
    const Bitboard away = staying_king | (king_moves ? king_zone(to) : square_bb(to));
    if (!boxing_squares(d, staying.plus(a.types[i], attacks[to][0]), ends & ~away, true)) continue;
    squares |= square_bb(to);
    if (first_only) break;
  }
  return squares;
}

bool EndingBound::unbounded(const Position& pos, Color attacker) {
  return pos.king_square(~attacker) == kNoSquare || pos.castling_rights();
}

bool EndingBound::may_end_in_time(const Position& pos, Color attacker, int attacker_moves, int defender_moves) const {
  return may_end_on(pos, attacker, attacker_moves, defender_moves, ~Bitboard(0));
}

bool EndingBound::may_end_on(const Position& pos, Color attacker, int attacker_moves, int defender_moves,
                             Bitboard king_squares) const {
  if (unbounded(pos, attacker)) return true;
  Defence d = defence(pos, ~attacker, defender_moves);
  d.as_it_stands = true;
  const Army a = army(pos, attacker, attacker_moves);
  if (shared_.still_men && !take_off_the_captured(d, a, attacker, attacker_moves)) return false;
  d.walk &= king_squares;
  return may_box(d, a, attacker, attacker_moves);
}

EndingBound::Unhemmed EndingBound::unhemmed(const Defence& d, Bitboard pieces) const {
  HemEntry wanted;
  wanted.bound = shared_.id;
  wanted.men = d.men;
  wanted.king = d.king;
  wanted.moves = d.moves;
  wanted.color = d.color;
  wanted.men_key = men_key(d);
  HemEntry& entry =
      kept_entry<HemEntry>(scratch_.hems_, kHemCacheBits - scratch_.halved_,
                           wanted.men_key ^ uint64_t(d.men) ^ uint64_t(d.men >> 64) * 0xC2B2AE3D27D4EB4FULL ^
                               (uint64_t(d.king) << 8 | uint64_t(d.moves & 0xFF)));
  // Past kMostHemmedTogether pieces, `together` is `alone`.
  const auto answer = [&](const HemEntry& e) {
    Unhemmed u{e.unhemmed, e.unhemmed, e.fewest};
    if (popcount(pieces) > kMostHemmedTogether) return u;
    int place = 0;
    for (Bitboard b = pieces; b; ++place) {
      const Square from = pop_lsb(b);
      if (e.together >> place & 1) u.together |= square_bb(from);
    }
    return u;
  };
  if (entry.same_as(wanted)) return answer(entry);
  for (Bitboard b = pieces; b;) {
    const Square from = pop_lsb(b);
    const PieceType t = type_of(d.position->piece_on(from));
    const std::vector<Bitboard>& first_steps = shared_.first_steps[index(t)];
    const Bitboard others = d.men & ~square_bb(from);
    bool hemmed = hem_moves(d, first_steps[from], others) <= d.moves;
    // A square m moves away where no other man stands on a first step is hemmed in only where
    // it has at most d.moves - m + 1 of them: the others are not tried.
    const Bitboard beside_others = beside(t, others);
    const Steps& reach = shared_.stands[index(d.color)][index(t)][from];
    for (int m = 1; m <= std::min(d.moves, kSteps - 1) && !hemmed; ++m) {
      const Bitboard few = shared_.few_first_steps[index(t)][size_t(std::min(d.moves - m + 1, kMostFirstSteps))];
      for (Bitboard ring = reach[size_t(m)] & ~reach[size_t(m - 1)] & (beside_others | few); ring && !hemmed;) {
        hemmed = m + hem_moves(d, first_steps[pop_lsb(ring)], others) <= d.moves;
      }
    }
    if (!hemmed) wanted.unhemmed |= square_bb(from);
  }
  // Together: each set of the pieces that may each be hemmed in alone, but a set that adds no
  // piece to those found and is no larger than the largest.
  std::array<Square, kMostHemmedTogether> froms{};
  const int n = popcount(pieces);
  unsigned alone = 0;
  int place = 0;
  for (Bitboard b = pieces; b && n <= kMostHemmedTogether; ++place) {
    const Square from = pop_lsb(b);
    froms[size_t(place)] = from;
    if (has(wanted.unhemmed, from)) alone |= 1U << place;
  }
  if (n > kMostHemmedTogether) {
    wanted.fewest = uint8_t(popcount(wanted.unhemmed));
  } else {
    const unsigned all = (1U << n) - 1;
    unsigned in_some = 0;
    int most = 0;
    for (unsigned set = all & ~alone; set; set = (set - 1) & all & ~alone) {
      if (std::popcount(set) <= most && (set & ~in_some) == 0) continue;
      if (!may_end_hemmed_together(d, froms, set)) continue;
      in_some |= set;
      most = std::max(most, std::popcount(set));
    }
    wanted.together = uint8_t(all & ~in_some);
    wanted.fewest = uint8_t(n - most);
  }
  entry = wanted;
  return answer(entry);
}

bool EndingBound::may_end_hemmed_together(const Defence& d, const std::array<Square, kMostHemmedTogether>& froms,
                                          unsigned set) const {
  const Position& pos = *d.position;
  const Bitboard pawns = d.men & pos.pieces(PieceType::Pawn);
  constexpr int kMostPawns = 16;
  if (popcount(pawns) > kMostPawns) return true;
  std::array<Square, kMostPawns> pawn_froms{};
  int pawn_count = 0;
  const int step = std::min(d.moves, kSteps - 1);
  // Where the pawns and the king may hold a square; the squares held now cost nothing.
  Bitboard holdable = d.walk;
  for (Bitboard b = pawns; b;) {
    const Square from = pop_lsb(b);
    pawn_froms[size_t(pawn_count++)] = from;
    holdable |= shared_.stands[index(d.color)][index(PieceType::Pawn)][from][size_t(step)];
  }
  const Bitboard held = pawns | square_bb(d.king);
  const int holders = pawn_count + 1;
  std::array<Square, kMostHemmedTogether> pieces{};
  std::array<PieceType, kMostHemmedTogether> types{};
  int count = 0;
  for (int place = 0; place < kMostHemmedTogether; ++place) {
    if (!(set >> place & 1)) continue;
    pieces[size_t(count)] = froms[size_t(place)];
    types[size_t(count++)] = type_of(pos.piece_on(froms[size_t(place)]));
  }
  // Each piece's squares: within d's moves, with no more first steps than the others may hold,
  // nor more the pawns and the king cannot hold than the other pieces.
  struct Place {
    Square square;
    uint8_t moves;
  };
  std::array<std::array<Place, kSquareSpace>, kMostHemmedTogether> places{};
  std::array<int, kMostHemmedTogether> place_count{};
  for (int i = 0; i < count && i < kMostHemmedTogether; ++i) {
    const PieceType t = types[size_t(i)];
    const std::vector<Bitboard>& first_steps = shared_.first_steps[index(t)];
    const Bitboard few = shared_.few_first_steps[index(t)][size_t(std::min(holders + count - 1, kMostFirstSteps))];
    for (Bitboard b = shared_.stands[index(d.color)][index(t)][pieces[size_t(i)]][size_t(step)] & few; b;) {
      const Square s = pop_lsb(b);
      if (popcount(first_steps[s] & ~holdable) > count - 1) continue;
      places[size_t(i)][size_t(place_count[size_t(i)]++)] = {s, moves_to_reach(t, d.color, pieces[size_t(i)], s)};
    }
    if (place_count[size_t(i)] == 0) return false;
  }
  // The fewest moves of the pawns and the king, each to one square, to hold `squares`.
  const auto hold_moves = [&](Bitboard squares, int budget) {
    std::array<Square, kMostPawns + 1> wanted{};
    int w = 0;
    for (Bitboard b = squares; b && w <= kMostPawns;) wanted[size_t(w++)] = pop_lsb(b);
    int best = budget + 1;
    const auto assign = [&](auto&& self, int i, unsigned used, bool king_used, int moves) -> void {
      if (moves >= best) return;
      if (i >= w) {
        best = moves;
        return;
      }
      const Square q = wanted[size_t(i)];
      for (int p = 0; p < pawn_count; ++p) {
        if (used >> p & 1) continue;
        const uint8_t m = moves_to_reach(PieceType::Pawn, d.color, pawn_froms[size_t(p)], q);
        if (m != kFar) self(self, i + 1, used | 1U << p, king_used, moves + m);
      }
      if (!king_used && has(d.walk, q)) self(self, i + 1, used, true, moves + king_walk(d.king, q));
    };
    assign(assign, 0, 0, false, 0);
    return best;
  };
  int tries = 0;
  // Places piece i and those after it, the pieces before ending on `ends` and moving to first
  // the squares of `firsts`, in `moves` moves. A square to hold that none holds now takes a
  // move, or a piece after i ending there.
  const auto place = [&](auto&& self, int i, Bitboard ends, Bitboard firsts, int moves) -> bool {
    if (++tries > kMostHemTries) return true;
    const Bitboard open = firsts & ~ends;
    const int left = count - i;
    if (popcount(open) - left > holders || popcount(open & ~holdable) > left ||
        moves + popcount(open & ~held) - left > d.moves) {
      return false;
    }
    if (i >= count || i >= kMostHemmedTogether) return moves + hold_moves(open, d.moves - moves) <= d.moves;
    const std::vector<Bitboard>& first_steps = shared_.first_steps[index(types[size_t(i)])];
    for (int x = 0; x < place_count[size_t(i)]; ++x) {
      const Place& p = places[size_t(i)][size_t(x)];
      if (moves + p.moves > d.moves || has(ends, p.square)) continue;
      if (self(self, i + 1, ends | square_bb(p.square), firsts | first_steps[p.square], moves + p.moves)) return true;
    }
    return false;
  };
  return place(place, 0, 0, 0, 0);
}

EndingBound::Captured EndingBound::must_be_captured(const Defence& d, const Army& a, Color attacker,
                                                   int attacker_moves, bool together) const {
  Captured captured;
  const Bitboard pieces = d.men & ~d.position->pieces(PieceType::Pawn);
  if (!pieces) return captured;
  const Unhemmed hems = unhemmed(d, pieces);
  // Nothing to ask where every piece may be hemmed in: the pin lines are not worked out.
  if (!hems.alone && (!together || hems.fewest == 0)) return captured;
  const int step = std::min(attacker_moves, kSteps - 1);
  bool pin_orthogonal = a.count > kMaxRefined;
  bool pin_diagonal = a.count > kMaxRefined;
  const auto may_pin_as = [&](PieceType t) {
    pin_orthogonal |= shared_.geometry.rides_orthogonal(t);
    pin_diagonal |= shared_.geometry.rides_diagonal(t);
  };
  for (int i = 0; i < std::min(a.count, kMaxRefined); ++i) {
    if (a.types[size_t(i)] != PieceType::Pawn) {
      may_pin_as(a.types[size_t(i)]);
      continue;
    }
    for (size_t x = 1; x < shared_.pawn_kinds.size(); ++x) {
      const Within& as = shared_.pawn_as[index(attacker)][index(shared_.pawn_kinds[x])];
      if (!as.empty() && as[a.froms[size_t(i)]][step]) may_pin_as(shared_.pawn_kinds[x]);
    }
  }
  const auto may_be_pinned = [&](Square from) {
    const PieceType t = type_of(d.position->piece_on(from));
    return (pin_orthogonal && !shared_.geometry.rides_orthogonal(t)) ||
           (pin_diagonal && !shared_.geometry.rides_diagonal(t));
  };
  bool pinned = false;
  for (Bitboard b = pieces; b && together;) pinned |= may_be_pinned(pop_lsb(b));
  const bool counted_together = together && !pinned;
  const Bitboard taken = takeable(a, attacker, attacker_moves);
  for (Bitboard b = counted_together ? hems.together : hems.alone; b;) {
    const Square from = pop_lsb(b);
    if (may_be_pinned(from)) continue;
    captured.men |= square_bb(from);
    captured.moves_first += !has(taken, from);
  }
  if (counted_together) captured.more = hems.fewest - popcount(captured.men);
  return captured;
}

Bitboard EndingBound::takeable(const Army& a, Color attacker, int attacker_moves) const {
  if (a.count > kMaxRefined) return ~Bitboard(0);
  if (attacker_moves < 1) return 0;
  const int step = std::min(attacker_moves - 1, kSteps - 1);
  Bitboard taken = 0;
  for (int i = 0; i < a.count; ++i) {
    const Within& attacks = shared_.attacks[index(attacker)][index(a.types[size_t(i)])];
    if (!attacks.empty()) taken |= attacks[a.froms[size_t(i)]][size_t(step)];
  }
  return taken;
}

Bitboard EndingBound::beside(PieceType t, Bitboard men) const {
  const std::vector<Bitboard>& first_steps = shared_.first_steps[index(t)];
  Bitboard squares = 0;
  for (Bitboard b = men; b;) squares |= first_steps[pop_lsb(b)];
  return squares;
}

bool EndingBound::take_off_the_captured(Defence& d, const Army& a, Color attacker, int attacker_moves) const {
  const Captured captured = must_be_captured(d, a, attacker, attacker_moves, true);
  if (!captured.men && !captured.more) return true;
  if (!captured.in_time(d, attacker_moves)) return false;
  d = defence(*d.position, d.color, d.moves - captured.moves_first, d.men & ~captured.men);
  d.as_it_stands = true;
  return true;
}

template <class Visit>
void EndingBound::for_each_hem(const Defence& d, Bitboard pieces, Visit&& visit) const {
  const int step = std::min(d.moves, kSteps - 1);
  for (Bitboard b = pieces; b;) {
    const Square from = pop_lsb(b);
    const PieceType t = type_of(d.position->piece_on(from));
    const std::vector<Bitboard>& first_steps = shared_.first_steps[index(t)];
    const Bitboard others = d.men & ~square_bb(from);
    const Bitboard beside_others = beside(t, others);
    const Steps& reach = shared_.stands[index(d.color)][index(t)][from];
    for (int m = 0; m <= step; ++m) {
      // Where no other man stands on a first step, the count is within d's moves and two only
      // where the first steps are at most d's moves less m and two.
      const Bitboard few = shared_.few_first_steps[index(t)][size_t(std::min(d.moves - m + 2, kMostFirstSteps))];
      for (Bitboard ring = reach[size_t(m)] & ~(m ? reach[size_t(m - 1)] : 0) & (beside_others | few); ring;) {
        const Bitboard first = first_steps[pop_lsb(ring)];
        const int moves = m + hem_moves(d, first, others);
        if (moves - 1 <= d.moves) visit(first, others, moves);
      }
    }
  }
}

Bitboard EndingBound::hem_squares(const Defence& d, Bitboard pieces) const {
  Bitboard squares = 0;
  for_each_hem(d, pieces, [&](Bitboard first, Bitboard others, int) { squares |= first & ~others; });
  return squares;
}

bool EndingBound::may_box(const Defence& d, const Army& a, Color attacker, int attacker_moves) const {
  // First with every piece of the attacker free to make every move left.
  if (a.count > kMaxRefined) return boxed(d, a.roaming);
  const Bitboard ends = boxing_squares(d, a.roaming, d.walk, false);
  if (!ends) return false;
  if (attacker_moves <= 2) {
    // With one or two moves left, one piece moves or two do: i moves (twice where j is i), j
    // too; the others stay where they are.
    bool boxes = false;
    if (attacker_moves == 1) {
      for (int i = 0; i < a.count && !boxes; ++i) boxes = finishing_squares(d, a, attacker, i, ~Bitboard(0), true) != 0;
    } else {
      two_move_reaches(a, attacker, [&](const Reach& reach) {
        boxes = boxed(d, reach);
        return !boxes;
      });
    }
    if (!boxes) return false;
  }
  return may_box_placed(d, a, attacker, attacker_moves, ends);
}

bool EndingBound::may_box_filled(const Defence& d, const Army& a, Color attacker, int attacker_moves) const {
  const Bitboard ends = boxing_squares(d, a.roaming, d.walk, false);
  return ends && may_box_placed(d, a, attacker, attacker_moves, ends);
}

EndingBound::PlacedSets EndingBound::placed_sets(const Army& a, Color attacker, int budget, Square k,
                                                  const std::array<Square, 9>& zone, int n) const {
  std::array<SetCosts, 3>& tables = scratch_.buffers_->set_costs;
  for (SetCosts& t : tables) t.clear();
  SetCosts* reached = &tables[0];
  SetCosts* next = &tables[1];
  SetCosts& own = tables[2];
  const auto& attacks = shared_.attacks[index(attacker)];
  // Offers each square of `stands` (m moves away from m on) that a piece of kind t attacks some
  // square of the zone from: what it attacks there, and the square of the zone it stands on.
  // A piece of any kind but the pawn attacks from s what it attacks s from; a pawn of the
  // attacker's attacks z from where the defender's pawn on z would attack.
  const auto offer_squares = [&](PieceType t, const Steps& stands) {
    std::array<Bitboard, 9> guarding{};
    Bitboard useful = 0;
    for (int j = t == PieceType::King ? 1 : 0; j < n; ++j) {
      guarding[j] =
          t == PieceType::Pawn ? shared_.geometry.pawn_attacks(~attacker, zone[j]) : attacks[index(t)][zone[j]][0];
      useful |= guarding[j];
    }
    useful &= ~square_bb(k);
    // A king never stands next to the other king.
    if (t == PieceType::King) useful &= ~shared_.geometry.leaps(PieceType::King, k);
    Bitboard seen = 0;
    for (int m = 0; m <= budget; ++m) {
      Bitboard ring = stands[m] & ~seen;
      seen |= ring;
      for (ring &= useful; ring;) {
        const Square s = pop_lsb(ring);
        unsigned set = 0;
        for (int j = 0; j < n; ++j) set |= unsigned(has(guarding[j], s)) << j | unsigned(j && zone[j] == s) << (8 + j);
        own.offer(set, m);
      }
    }
  };
  reached->offer(0, 0);
  for (int i = 0; i < a.count && reached->count(); ++i) {
    const PieceType t = a.types[i];
    const Square from = a.froms[i];
    own.clear();
    own.offer(0, 0);  // it may do nothing there (or be taken)
    if (t == PieceType::Pawn) {
      for (const PieceType as : shared_.pawn_kinds)
        offer_squares(as, shared_.pawn_as[index(attacker)][index(as)][from]);
    } else {
      offer_squares(t, shared_.stands[index(attacker)][index(t)][from]);
    }
    own.drop_needless();
    next->clear();
    // The piece's sets come fewest moves first: past the first that exceeds what is left, all do.
    for (int x = 0; x < reached->count(); ++x) {
      const unsigned before = reached->set(x);
      const int moves_before = reached->least(before);
      for (int y = 0; y < own.count(); ++y) {
        const int moves = moves_before + own.least(own.set(y));
        if (moves > budget) break;
        next->offer(before | own.set(y), moves);
      }
    }
    std::swap(reached, next);
  }
  // The sets of attacked squares where each square next to k that a piece stands on is guarded
  // by another, and (mate only) k is checked; then the widest of those: a narrower one never
  // leaves less to fill.
  std::array<bool, 512> attacked{};
  std::array<uint16_t, 512> candidates;  // only the first candidate_count are read
  int candidate_count = 0;
  for (int x = 0; x < reached->count(); ++x) {
    const unsigned set = reached->set(x);
    const unsigned guarded = set & SetCosts::kAttacked;
    const unsigned stood_on = (set >> 8) & 0x1FE;
    if ((stood_on & ~guarded) || (shared_.goal == Goal::Mate && !(guarded & 1)) || attacked[guarded]) continue;
    attacked[guarded] = true;
    candidates[size_t(candidate_count++)] = uint16_t(guarded);
  }
  // Taken from the most squares down, a set is within another candidate exactly where it is
  // within one of the widest already kept (two sets of as many squares never hold each other).
  std::sort(candidates.begin(), candidates.begin() + candidate_count,
            [](uint16_t x, uint16_t y) { return std::popcount(x) > std::popcount(y); });
  PlacedSets widest;
  for (int x = 0; x < candidate_count; ++x) {
    const unsigned set = candidates[size_t(x)];
    bool covered = false;
    for (int y = 0; y < widest.count && !covered; ++y) covered = (set & ~unsigned(widest.sets[size_t(y)])) == 0;
    if (covered) continue;
    if (widest.count == int(widest.sets.size())) {
      widest.count = PlacedSets::kTooMany;
      break;
    }
    widest.sets[size_t(widest.count++)] = uint16_t(set);
  }
  return widest;
}

EndingBound::PlacedLookup::PlacedLookup(const EndingBound& bound, const Army& a, Color attacker, int attacker_moves,
                                        bool lone)
    : bound_(bound), army_(a) {
  wanted_.bound = bound.shared_.id;
  wanted_.budget = uint8_t(std::min(attacker_moves, kSteps - 1));
  wanted_.attacker = attacker;
  wanted_.count = uint8_t(a.count);
  wanted_.lone = lone;
  hash_ = bound.shared_.id * 0x9E3779B97F4A7C15ULL + uint64_t(wanted_.budget) * 31 + uint64_t(attacker) +
          uint64_t(lone) * 7;
  for (int i = 0; i < a.count; ++i) {
    wanted_.froms[size_t(i)] = a.froms[size_t(i)];
    wanted_.types[size_t(i)] = a.types[size_t(i)];
    hash_ = (hash_ ^ (uint64_t(a.froms[size_t(i)]) << 8 | uint64_t(a.types[size_t(i)]))) * 0x100000001B3ULL;
  }
}

const EndingBound::PlacedSets& EndingBound::PlacedLookup::sets(Square k) {
  wanted_.k = k;
  PlacedEntry& entry =
      kept_entry<PlacedEntry>(bound_.scratch_.placed_, kPlacedCacheBits - bound_.scratch_.halved_, hash_ ^ k);
  if (!entry.same_as(wanted_)) {
    const Zone& zone = bound_.shared_.zones[k];
    entry = wanted_;
    entry.sets = wanted_.lone ? bound_.lone_checker_sets(army_, wanted_.attacker, wanted_.budget, k)
                              : bound_.placed_sets(army_, wanted_.attacker, wanted_.budget, k, zone.squares, zone.n);
  }
  return entry.sets;
}

void EndingBound::Zone::add(Square s) {
  const int j = n++;
  squares[size_t(j)] = s;
  if (j == 0) return;  // k itself is never left to fill
  const int half = (j - 1) / 4;
  const int bit = (j - 1) % 4;
  for (unsigned set = 0; set < 16; ++set) {
    if (!(set >> bit & 1)) left[size_t(half)][set] |= square_bb(s);
  }
}

bool EndingBound::may_box_placed(const Defence& d, const Army& a, Color attacker, int attacker_moves,
                                 Bitboard among) const {
  // The attacker's side for each k is kept in the worker's scratch: it depends on the army, its moves and k
  // alone, which the defender's moves in between leave as they were.
  const bool lone = lone_checker(d, a);
  PlacedLookup lookup(*this, a, attacker, attacker_moves, lone);
  const uint64_t key = men_key(d);
  for (Bitboard b = among; b;) {
    const Square k = pop_lsb(b);
    const int defender_moves = d.moves - king_walk(d.king, k);
    const Bitboard around = shared_.geometry.leaps(PieceType::King, k) & shared_.geometry.board();
    // Not even with every piece roaming (the men filling what no guard may reach).
    if (!fillable_kept(d, key, around & ~a.roaming.guards, defender_moves, k, kNoSquare)) continue;
    const Zone& zone = shared_.zones[k];
    const PlacedSets& sets = lookup.sets(k);
    if (sets.count == PlacedSets::kTooMany) return true;
    for (int x = 0; x < sets.count; ++x) {
      const uint16_t set = sets.sets[size_t(x)];
      const int line = set >> PlacedSets::kInterposeShift;
      const Square interpose = line ? zone.squares[size_t(line)] : kNoSquare;
      if (fillable_kept(d, key, zone.unguarded(set), defender_moves, k, interpose)) return true;
    }
  }
  return false;
}

bool EndingBound::lone_checker(const Defence& d, const Army& a) const {
  return shared_.goal == Goal::Mate && counts_stands(d) && a.count == 2 && a.king != kNoSquare &&
         a.types[0] != PieceType::Pawn && a.types[1] != PieceType::Pawn;
}

EndingBound::PlacedSets EndingBound::lone_checker_sets(const Army& a, Color attacker, int budget, Square k) const {
  const Geometry& g = shared_.geometry;
  const int piece = a.types[0] == PieceType::King ? 1 : 0;
  const PieceType t = a.types[size_t(piece)];
  const Square from = a.froms[size_t(piece)];
  const Zone& zone = shared_.zones[k];
  const auto zone_bits = [&](Bitboard squares) {
    unsigned bits = 0;
    for (int j = 1; j < zone.n; ++j) bits |= unsigned(has(squares, zone.squares[size_t(j)])) << j;
    return bits;
  };
  const Bitboard around = g.leaps(PieceType::King, k) & g.board();
  // The squares two steps from k: a king there guards some square next to it.
  const Steps& king_walks = shared_.stands[index(attacker)][index(PieceType::King)][k];
  const Bitboard near_k = king_walks[1];
  const Bitboard ring = king_walks[2] & ~near_k;
  const Moves& piece_moves = shared_.moves_to_stand[index(attacker)][index(t)];
  const Steps& king_stands = shared_.stands[index(attacker)][index(PieceType::King)][a.king];
  // A set that guards as much or more, with the same square to interpose on or none, leaves
  // less to fill and no more to forbid: only the sets no other holds in that way are kept.
  PlacedSets found;
  constexpr unsigned kGuards = (1u << PlacedSets::kInterposeShift) - 1;
  const auto holds = [&](unsigned wider, unsigned narrower) {
    const unsigned line = wider >> PlacedSets::kInterposeShift;
    return (narrower & kGuards & ~wider) == 0 && (line == 0 || line == narrower >> PlacedSets::kInterposeShift);
  };
  const auto offer = [&](Bitboard guarded, unsigned line) {
    const unsigned set = 1 | zone_bits(guarded) | line << PlacedSets::kInterposeShift;
    if (found.count == PlacedSets::kTooMany) return;
    int kept = 0;
    for (int x = 0; x < found.count; ++x) {
      const unsigned other = found.sets[size_t(x)];
      if (holds(other, set)) return;
      if (!holds(set, other)) found.sets[size_t(kept++)] = uint16_t(other);
    }
    found.count = kept;
    if (found.count == int(found.sets.size())) {
      found.count = PlacedSets::kTooMany;
      return;
    }
    found.sets[size_t(found.count++)] = uint16_t(set);
  };
  for (Bitboard checks = g.attacks(t, k, 0) & g.board(); checks;) {
    const Square s = pop_lsb(checks);
    if (piece_moves[from][s] > budget) continue;
    const Bitboard guards = g.attacks(t, s, 0) & around;
    // The square next to k on the line from afar, by its place in the zone.
    const unsigned on_line = zone_bits(g.between(s, k));
    const unsigned line = on_line ? unsigned(std::countr_zero(on_line)) : 0;
    // The king: where it guards none of the squares next to k (one choice), or each square two
    // steps from k it reaches in time. A checker next to k stands guarded by it (and fills
    // nothing).
    const Bitboard kings = king_stands[size_t(std::min(budget - piece_moves[from][s], kSteps - 1))] & ~near_k &
                           ~square_bb(s);
    const bool contact = has(around, s);
    if (!contact && (kings & ~ring)) offer(guards, line);
    for (Bitboard b = kings & ring; b;) {
      const Bitboard king_guards = g.leaps(PieceType::King, pop_lsb(b));
      if (contact && !has(king_guards, s)) continue;
      offer(guards | king_guards | square_bb(s), line);
    }
  }
  return found;
}

bool EndingBound::steps_onto(const Defence& d, PieceType t, Square from, Square to) const {
  if (t != PieceType::Pawn) return has(shared_.geometry.attacks(t, from, 0), to);
  return int(to) == int(from) + pawn_forward(d.color);
}

uint64_t EndingBound::men_key(const Defence& d) {
  const auto& piece_square = zobrist::keys().piece_square;
  uint64_t key = 0;
  for (Bitboard b = d.men; b;) {
    const Square from = pop_lsb(b);
    key ^= piece_square[uint8_t(d.position->piece_on(from))][from];
  }
  return key;
}

bool EndingBound::fillable_kept(const Defence& d, uint64_t men_key, Bitboard squares, int moves, Square k,
                                Square interpose) const {
  // The quick answers first, as fillable gives them: they cost no probe.
  if (const std::optional<bool> known = known_fill(d, squares, moves)) return *known;
  FillEntry wanted;
  wanted.bound = shared_.id;
  wanted.men = d.men;
  wanted.men_key = men_key;
  wanted.squares = squares;
  wanted.moves = moves;
  // k counts for a stalemate's men (may_stand_still) and where the king stands on it, counted.
  wanted.king_on_k = counts_stands(d) && k == d.king;
  wanted.k = shared_.still_men || wanted.king_on_k ? k : 0;
  wanted.as_it_stands = d.as_it_stands;
  wanted.interpose = interpose;
  FillEntry& entry =
      kept_entry<FillEntry>(scratch_.fills_, kFillCacheBits - scratch_.halved_,
                            men_key ^ uint64_t(squares) * 0xC2B2AE3D27D4EB4FULL ^ uint64_t(squares >> 64) ^
                                uint64_t(moves & 0xFF) << 8 ^ uint64_t(wanted.k) << 16 ^ uint64_t(interpose) << 24);
  if (entry.same_as(wanted)) return entry.fillable;
  wanted.fillable = fillable(d, squares, moves, k, interpose);
  entry = wanted;
  return wanted.fillable;
}

bool EndingBound::may_stand_still(const Defence& d, PieceType t, Square from, int moves_there, Square q, Square k,
                                  Bitboard squares, int moves) const {
  const Bitboard first = shared_.first_steps[index(t)][q] & ~square_bb(k);
  if (popcount(squares | first) > popcount(d.men)) return false;
  return !d.as_it_stands || moves_there + popcount(first & ~squares & ~(d.men & ~square_bb(from))) <= moves;
}

uint8_t EndingBound::still_pawn_moves(const Defence& d, Square from, Square q, Square k, Bitboard squares,
                                      int moves) const {
  const int step = std::min(moves, kSteps - 1);
  const uint8_t as_pawn = distance(shared_.pawn_as[index(d.color)][index(PieceType::Pawn)], from, q);
  if (as_pawn <= step) return as_pawn;
  uint8_t fewest = kFar;
  for (size_t x = 1; x < shared_.pawn_kinds.size(); ++x) {
    const PieceType t = shared_.pawn_kinds[x];
    const uint8_t as = distance(shared_.pawn_as[index(d.color)][index(t)], from, q);
    if (as <= step && as < fewest && may_stand_still(d, t, from, as, q, k, squares, moves)) fewest = as;
  }
  return fewest;
}

std::optional<bool> EndingBound::known_fill(const Defence& d, Bitboard squares, int moves) {
  if (!squares) return true;
  if (moves < 0 || popcount(squares & ~d.men) > moves || (squares & ~d.holds)) return false;
  return std::nullopt;
}

bool EndingBound::fillable(const Defence& d, Bitboard squares, int moves, Square k, Square interpose) const {
  const bool king_on_k = k == d.king;
  Bitboard standing = d.men & squares;
  if (!counts_stands(d) || (!standing && !king_on_k)) return fill_around(d, squares, moves, k, interpose, Stands{});
  std::array<Square, kMostStanding> stand_on{};
  int n = 0;
  while (standing && n < kMostStanding) stand_on[size_t(n++)] = pop_lsb(standing);
  // Each choice of those that stay, from all of them down, the king staying and then stepping
  // off k and back (two moves). Most often all stay, and the king too: where that choice holds,
  // the count ends at once. Where it does not, the count with every man free comes next: where
  // it fails, so does every choice.
  for (int staying = (1 << n) - 1; staying >= 0; --staying) {
    Stands stands;
    for (int i = 0; i < n; ++i) (staying >> i & 1 ? stands.staying : stands.stepping) |= square_bb(stand_on[size_t(i)]);
    stands.blocked = stands.staying | (king_on_k ? square_bb(k) : 0);
    if (fill_around(d, squares, moves, k, interpose, stands)) return true;
    if (staying == (1 << n) - 1 && !fill_around(d, squares, moves, k, interpose, Stands{})) return false;
    stands.blocked = stands.staying;
    if (king_on_k && fill_around(d, squares, moves - 2, k, interpose, stands)) return true;
  }
  return false;
}

uint8_t EndingBound::moves_around(PieceType t, Square from, Square to, Bitboard blocked, int limit) const {
  const Geometry& g = shared_.geometry;
  const Bitboard free = g.board() & ~blocked;
  const Bitboard next_to_target = g.attacks(t, to, blocked) & free;
  Bitboard seen = square_bb(from);
  Bitboard ring = seen;  // the squares m moves away
  for (int m = 0; m < limit && ring; ++m) {
    if (ring & next_to_target) return uint8_t(m + 1);
    ring = one_move_from(g, t, ring, blocked) & free & ~seen;
    seen |= ring;
  }
  return kFar;
}

bool EndingBound::may_pass(const Moves& moves_of, Square from, Square to, int moves, Bitboard blocked) const {
  if (moves == 1) return (shared_.geometry.between(from, to) & blocked) != 0;
  for (Bitboard b = blocked; b;) {
    const Square on_the_way = pop_lsb(b);
    if (moves_of[from][on_the_way] + moves_of[on_the_way][to] <= moves + 1) return true;
  }
  return false;
}

bool EndingBound::fill_around(const Defence& d, Bitboard squares, int moves, Square k, Square interpose,
                              const Stands& stands) const {
  // The men that stay fill their own squares: the rest is left to the others.
  if (interpose != kNoSquare) {
    for (Bitboard b = stands.staying; b;) {
      const Square s = pop_lsb(b);
      if (steps_onto(d, type_of(d.position->piece_on(s)), s, interpose)) return false;
    }
  }
  const Bitboard to_fill = squares & ~stands.staying;
  if (const std::optional<bool> known = known_fill(d, to_fill, moves)) return *known;
  std::array<Square, 8> square_of;
  int n = 0;
  for (Bitboard b = to_fill; b; ++n) square_of[size_t(n)] = pop_lsb(b);
  constexpr uint8_t kNone = UINT8_MAX;
  const int step = std::min(moves, kSteps - 1);
  // How far each man that reaches some square is from each (kNone: not within the moves), and
  // for each square the nearest man.
  std::array<std::array<uint8_t, 8>, kSquareSpace> far;
  int men = 0;
  std::array<uint8_t, 8> nearest;
  nearest.fill(kNone);
  std::array<int, 8> nearest_man{};
  for (Bitboard b = d.men & ~stands.staying; b;) {
    const Square from = pop_lsb(b);
    const PieceType t = type_of(d.position->piece_on(from));
    if (!(shared_.stands[index(d.color)][index(t)][from][step] & to_fill)) continue;
    const Moves& moves_of = shared_.moves_to_stand[index(d.color)][index(t)];
    std::array<uint8_t, 8>& own = far[size_t(men)];
    for (int j = 0; j < n; ++j) {
      const Square q = square_of[size_t(j)];
      uint8_t there = moves_of[from][q];
      if (there == 0 && has(stands.stepping, from)) there = 2;
      if (stands.blocked && t != PieceType::Pawn && there != 0 && there <= step &&
          may_pass(moves_of, from, q, there, stands.blocked)) {
        there = moves_around(t, from, q, stands.blocked, step);
      }
      own[j] = there <= step && (interpose == kNoSquare || !steps_onto(d, t, q, interpose)) ? there : kNone;
    }
    if (shared_.still_men && t != PieceType::Pawn) {
      for (int j = 0; j < n; ++j) {
        if (own[j] != kNone && !may_stand_still(d, t, from, own[j], square_of[size_t(j)], k, squares, moves)) {
          own[j] = kNone;
        }
      }
    }
    if (shared_.still_men && t == PieceType::Pawn) {
      for (int j = 0; j < n; ++j) {
        if (own[j] == kNone) continue;
        own[j] = std::max(own[j], still_pawn_moves(d, from, square_of[size_t(j)], k, squares, moves));
      }
    }
    for (int j = 0; j < n; ++j) {
      if (own[j] < nearest[j]) {
        nearest[j] = own[j];
        nearest_man[j] = men;
      }
    }
    ++men;
  }
  // Each square by its nearest man: too many moves even where one man could fill several, and
  // enough where no man is the nearest to two.
  int sum = 0;
  bool distinct = true;
  for (int j = 0; j < n; ++j) {
    if (nearest[j] == kNone) return false;
    sum += nearest[j];
    for (int i = 0; i < j; ++i) distinct = distinct && nearest_man[i] != nearest_man[j];
  }
  if (sum > moves) return false;
  if (distinct) return true;
  // Otherwise the least sum for each set of the squares, as the men are taken one by one.
  const int full = (1 << n) - 1;
  std::array<uint8_t, 256> least;
  least.fill(kNone);
  least[0] = 0;
  for (int man = 0; man < men; ++man) {
    const std::array<uint8_t, 8>& own = far[size_t(man)];
    // A man fills one square at most: the sets are taken from the largest down, so a set he has
    // just made larger is not made larger by him again.
    for (int set = full - 1; set >= 0; --set) {
      if (least[set] > moves) continue;
      for (int j = 0; j < n; ++j) {
        if ((set >> j & 1) || own[j] == kNone) continue;
        uint8_t& to = least[set | 1 << j];
        to = std::min(to, uint8_t(least[set] + own[j]));
      }
    }
    if (least[full] <= moves) return true;
  }
  return false;
}

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
  const int most_defender_moves = shared_.goal == Goal::Mate ? 3 : 2;
  if (attacker_moves >= 2 && defender_moves <= most_defender_moves && a.count <= kMaxRefined &&
      !may_box_filled(d, a, attacker, attacker_moves)) {
    const NearestMen near = nearest_men(d);
    const std::vector<Fill>& fills = fills_to_make(d, near, a, attacker, attacker_moves);
    for (Bitboard b = d.men; b && moves.pieces_ < DefenderMoves::kMaxPieces;) {
      const Square from = pop_lsb(b);
      moves.piece_froms_[size_t(moves.pieces_)] = from;
      moves.piece_tos_[size_t(moves.pieces_++)] = nearer_squares(d, near, fills, from);
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
  moves.king_tos_ = walk_hems(d, captured.men);
  if (in_time) {
    moves.king_tos_ |= king_approaches(defence(*d.position, d.color, rest.moves + 1, rest.men), a, attacker,
                                       attacker_moves);
  }
  const Bitboard hems = hem_squares(d, captured.men);
  for (Bitboard b = d.men; b && moves.pieces_ < DefenderMoves::kMaxPieces;) {
    const Square from = pop_lsb(b);
    Bitboard tos = 0;
    if (!has(captured.men, from)) {
      tos = hems | (fills ? nearer_squares(rest, near, *fills, from) : 0);
    } else {
      tos = hem_squares(d, captured.men & ~square_bb(from)) |
            hemmed_from(d, type_of(d.position->piece_on(from)), d.men & ~square_bb(from));
      if (!has(taken, from)) tos |= taken;
    }
    moves.piece_froms_[size_t(moves.pieces_)] = from;
    moves.piece_tos_[size_t(moves.pieces_++)] = tos;
  }
}

Bitboard EndingBound::walk_hems(const Defence& d, Bitboard pieces) const {
  // The squares the king's walk must newly reach: the first steps of a square where a piece may
  // end hemmed in with one fewer to hold, none of them in the walk now (any of them counts,
  // held by another man or not).
  Bitboard wanted = 0;
  for_each_hem(d, pieces, [&](Bitboard first, Bitboard, int) {
    if (!(first & d.walk)) wanted |= first;
  });
  // The king's squares from which its walk reaches one of them: within its moves of one.
  const int step = std::min(d.moves, kSteps - 1);
  const Within& walks = shared_.stands[index(d.color)][index(PieceType::King)];
  Bitboard squares = 0;
  for (Bitboard b = wanted; b;) squares |= walks[pop_lsb(b)][size_t(step)];
  return squares;
}

Bitboard EndingBound::hemmed_from(const Defence& d, PieceType t, Bitboard others) const {
  const std::vector<Bitboard>& first_steps = shared_.first_steps[index(t)];
  const Within& stands = shared_.stands[index(d.color)][index(t)];
  // Only a square next to another man, or with at most d's moves and one first steps, may be
  // hemmed in within d's moves (see for_each_hem).
  const Bitboard few = shared_.few_first_steps[index(t)][size_t(std::min(d.moves + 1, kMostFirstSteps))];
  Bitboard squares = 0;
  for (Bitboard b = shared_.geometry.board() & (beside(t, others) | few); b;) {
    const Square s = pop_lsb(b);
    const int moves_there = d.moves - hem_moves(d, first_steps[s], others);
    if (moves_there >= 0) squares |= stands[s][size_t(std::min(moves_there, kSteps - 1))];
  }
  return squares;
}

EndingBound::NearestMen EndingBound::nearest_men(const Defence& d) const {
  NearestMen near;
  const int step = std::min(d.moves, kSteps - 1);
  for (Bitboard b = d.men; b;) {
    const Square from = pop_lsb(b);
    const Steps& reach = shared_.stands[index(d.color)][index(type_of(d.position->piece_on(from)))][from];
    Bitboard seen = 0;
    for (int m = 0; m <= step; ++m) {
      for (Bitboard ring = reach[size_t(m)] & ~seen; ring;) {
        NearestMen::Entry& e = near.squares[size_t(pop_lsb(ring))];
        if (m < e.first) {
          e.second = e.first;
          e.first = uint8_t(m);
          e.man = from;
        } else if (m < e.second) {
          e.second = uint8_t(m);
        }
      }
      seen |= reach[size_t(m)];
    }
  }
  return near;
}

const std::vector<EndingBound::Fill>& EndingBound::fills_to_make(const Defence& d, const NearestMen& near,
                                                                 const Army& a, Color attacker,
                                                                 int attacker_moves) const {
  std::vector<Fill>& fills = scratch_.buffers_->fills;
  fills.clear();
  const auto add = [&](Bitboard squares, Bitboard candidates, int budget) {
    Fill fill{squares, candidates, budget, 0, 0, 0};
    for (Bitboard f = squares; f;) {
      const Square q = pop_lsb(f);
      const NearestMen::Entry& e = near.squares[size_t(q)];
      if (e.first == kFar) {
        fill.unreached |= square_bb(q);
      } else {
        fill.nearest_moves += e.first;
        fill.nearest_men |= square_bb(e.man);
      }
    }
    if (popcount(fill.unreached) <= 1) fills.push_back(fill);
  };
  PlacedLookup lookup(*this, a, attacker, attacker_moves, false);
  // The squares the king may end on: within its walk, and for a mate where the attacker may
  // check (which no move of the defender's changes).
  for (Bitboard b = shared_.goal == Goal::Mate ? d.walk & a.roaming.checks : d.walk; b;) {
    const Square k = pop_lsb(b);
    const int budget = d.moves - king_walk(d.king, k);
    const Bitboard around = shared_.geometry.leaps(PieceType::King, k) & shared_.geometry.board();
    const Zone& zone = shared_.zones[k];
    const PlacedSets& sets = lookup.sets(k);
    if (sets.count == PlacedSets::kTooMany) {
      add(around & ~a.roaming.guards, around, budget);
      continue;
    }
    for (int x = 0; x < sets.count; ++x) {
      const Bitboard unguarded = zone.unguarded(sets.sets[size_t(x)]);
      add(unguarded, unguarded, budget);
    }
  }
  return fills;
}

Bitboard EndingBound::nearer_squares(const Defence& d, const NearestMen& near, const std::vector<Fill>& fills,
                                     Square from) const {
  const PieceType type = type_of(d.position->piece_on(from));
  const auto& stands_of = shared_.stands[index(d.color)];
  const Within& stands = stands_of[index(type)];
  const Moves& moves_to_stand = shared_.moves_to_stand[index(d.color)][index(type)];
  // A pawn's moves that capture nothing: forward on its file, one move away (two squares from
  // where it starts), where it may promote.
  const bool pawn = type == PieceType::Pawn;
  const Bitboard pushes = pawn ? stands[from][1] & shared_.geometry.file_bb(file_of(from)) & ~square_bb(from) : 0;
  const Bitboard last_rank = shared_.geometry.rank_bb(d.color == Color::White ? shared_.geometry.ranks() - 1 : 0);
  // Whether the pawn pushed to `to` (promoted there to some kind, on the last rank) stands on q
  // within `moves` moves.
  const auto lands_within = [&](Square to, Square q, int moves) {
    if (!has(last_rank, to)) return has(stands[to][size_t(moves)], q);
    for (const PieceType kind : shared_.pawn_kinds) {
      if (kind != PieceType::Pawn && has(stands_of[index(kind)][to][size_t(moves)], q)) return true;
    }
    return false;
  };
  Bitboard nearer = 0;
  for (const Fill& fill : fills) {
    if (!fill.candidates) return ~Bitboard(0);  // none to fill: never so where passing fails
    // What the other men need at least to fill those squares, and the squares none of them
    // reaches (this piece must fill such a square, and can fill one only): the nearest men's,
    // but where this piece is the nearest, the next nearest's.
    int others = fill.nearest_moves;
    Bitboard unreached = fill.unreached;
    if (has(fill.nearest_men, from)) {
      for (Bitboard f = fill.squares & ~fill.unreached; f;) {
        const Square q = pop_lsb(f);
        const NearestMen::Entry& e = near.squares[size_t(q)];
        if (e.man != from) continue;
        others -= e.first;
        if (e.second == kFar) {
          unreached |= square_bb(q);
        } else {
          others += e.second;
        }
      }
      if (popcount(unreached) > 1) continue;
    }
    for (Bitboard f = unreached ? unreached : fill.candidates; f;) {
      const Square q = pop_lsb(f);
      const int own = has(fill.squares, q) && !unreached ? near.squares[size_t(q)].but(from) : 0;
      const int reach = std::min(int(moves_to_stand[from][q]) - 1, std::min(fill.budget - (others - own), kSteps - 1));
      if (reach < 0) continue;
      if (!pawn) {
        nearer |= stands[q][size_t(reach)];
        continue;
      }
      for (Bitboard p = pushes & ~nearer; p;) {
        const Square to = pop_lsb(p);
        if (lands_within(to, q, reach)) nearer |= square_bb(to);
      }
    }
  }
  return nearer;
}

Bitboard EndingBound::king_approaches(const Defence& d, const Army& a, Color attacker, int attacker_moves) const {
  const Bitboard next = shared_.geometry.leaps(PieceType::King, d.king) & shared_.geometry.board();
  const Within& walks = shared_.stands[index(d.color)][index(PieceType::King)];
  Bitboard approaches = 0;
  for (Bitboard b = boxing_squares(d, a.roaming, d.walk, false); b;) {
    const Square k = pop_lsb(b);
    const int walk = king_walk(d.king, k);
    if (walk == 0) continue;
    const Bitboard nearer = next & walks[k][size_t(walk - 1)];
    if ((nearer & ~approaches) && may_box_placed(d, a, attacker, attacker_moves, square_bb(k))) approaches |= nearer;
  }
  return approaches;
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
