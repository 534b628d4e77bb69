#include "solver/tablebase/losing_table.h"

#include <algorithm>
#include <cassert>
#include <atomic>
#include <map>
#include <set>

#include <tbb/blocked_range.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include "rules/geometry.h"

namespace dm::tablebase {

namespace {

constexpr uint8_t kDraw = 0;
constexpr uint8_t kWinNow = 1;   // d = 0: the side to move has won (no men, or stalemate=win)
constexpr uint8_t kLostNow = 2;  // a stalemate that loses, counted as a loss after one ply
constexpr uint8_t kLongest = 254;  // d = 253
constexpr uint8_t kUndecided = 255;
constexpr uint64_t kGrain = uint64_t(1) << 14;

bool is_win(uint8_t b) { return b != kDraw && b != kUndecided && (b & 1) != 0; }
bool is_loss(uint8_t b) { return b != kDraw && b != kUndecided && (b & 1) == 0; }

// A node's value from its moves' values (each from the side to move after the move): won
// after one ply more than its quickest lost child, else lost after one more than its slowest
// child when every child is won, else drawn.
class Minimax {
 public:
  void add(uint8_t child) {
    if (is_loss(child)) {
      quickest_win_ = std::min(quickest_win_, child + 1);
    } else if (is_win(child)) {
      slowest_loss_ = std::max(slowest_loss_, child + 1);
    } else {
      every_child_won_ = false;
    }
  }
  bool has_win() const { return quickest_win_ <= kLongest + 1; }
  int quickest_win() const { return quickest_win_; }
  // The byte, or more than kLongest when the game is too long for it.
  int result() const {
    if (has_win()) return quickest_win_;
    return every_child_won_ ? slowest_loss_ : kDraw;
  }

 private:
  int quickest_win_ = kLongest + 2;
  int slowest_loss_ = 0;
  bool every_child_won_ = true;
};

// Where a move of the builder leads.
struct Successor {
  enum class Kind : uint8_t {
    Stays,     // a quiet move to another position of this table
    Leaves,    // a capture or promotion: another material's table (or the mover's last man gone)
    EpRights,  // a double step that gives the opponent an e.p. capture: valued as it is found
  };
  Kind kind;
  Placement after;
  uint8_t passed = 0;  // EpRights: the square passed over (board numbering)
};

Material material_of(const Placement& p) {
  Material m;
  for (int k = 0; k < p.men; ++k) m.add(p.piece[size_t(k)]);
  return m;
}

int place_of(const Placement& p, uint8_t square) {
  for (int k = 0; k < p.men; ++k) {
    if (p.square[size_t(k)] == square) return k;
  }
  return -1;
}

// The bitboards of a placement.
struct Board {
  explicit Board(const Placement& p) {
    for (int k = 0; k < p.men; ++k) {
      const Bitboard b = square_bb(engine_square(p.square[size_t(k)]));
      const Piece piece = p.piece[size_t(k)];
      occupied |= b;
      by_color[index(color_of(piece))] |= b;
      if (type_of(piece) == PieceType::Pawn) pawns[index(color_of(piece))] |= b;
    }
  }
  Bitboard occupied = 0;
  Bitboard by_color[2] = {0, 0};
  Bitboard pawns[2] = {0, 0};
};

class Builder {
 public:
  Builder(const Variant& variant, const Material& m, std::map<Material, const LosingTable*> subtables,
          const LosingTable::Stop& stop)
      : variant_(variant), g_(Geometry::of(8, 8)), material_(m), subtables_(std::move(subtables)), stop_(stop),
        values_(m.index_count(), kUndecided), counts_(m.index_count(), 0) {
    const auto men = m.men_in_order();
    blank_.men = m.men();
    blank_.piece = men;
    for (int k = 0; k < m.men(); ++k) {
      twin_[size_t(k)] = (k > 0 && men[size_t(k - 1)] == men[size_t(k)]) || (k + 1 < m.men() && men[size_t(k + 1)] == men[size_t(k)]);
    }
  }

  // The values, or nothing when a game is too long for a byte or the builder was stopped.
  std::optional<std::vector<uint8_t>> run() {
    tbb::this_task_arena::isolate([&] {
      first_pass();
      for (int b = 1; b <= highest_.load() && !too_long_.load() && !given_up(); ++b) retrograde_pass(uint8_t(b));
    });
    if (too_long_.load() || given_up()) return std::nullopt;
    for (uint8_t& v : values_) {
      if (v == kUndecided) v = kDraw;
    }
    return std::move(values_);
  }

 private:
  // Placement::decode with the men's order worked out once.
  Placement decode(uint64_t i) const {
    Placement p = blank_;
    p.side = Color(i & 1);
    for (int k = 0; k < p.men; ++k) p.square[size_t(k)] = uint8_t((i >> (1 + 6 * k)) & 63);
    return p;
  }

  std::atomic_ref<uint8_t> value_at(uint64_t i) { return std::atomic_ref<uint8_t>(values_[i]); }

  // Whether stop_ has said to give up (asked once per chunk of a pass).
  bool given_up() {
    if (!given_up_.load(std::memory_order_relaxed) && stop_ && stop_()) given_up_.store(true);
    return given_up_.load(std::memory_order_relaxed);
  }

  void first_pass() {
    tbb::parallel_for(tbb::blocked_range<uint64_t>(0, values_.size(), kGrain), [&](const auto& range) {
      if (given_up()) return;
      for (uint64_t i = range.begin(); i != range.end(); ++i) {
        const Placement p = decode(i);
        if (!p.is_position()) {
          values_[i] = kDraw;
          continue;
        }
        Minimax leaving;
        int staying = 0;
        bool any = false;
        for_each_move(p, -1, [&](const Successor& s) {
          any = true;
          if (s.kind == Successor::Kind::Stays) {
            ++staying;
          } else {
            leaving.add(byte_after(s));
          }
        });
        if (!any) {
          values_[i] = stalemate_byte(p);
        } else if (staying == 0) {
          decide(i, leaving.result());
        } else {
          counts_[i] = uint8_t(staying);
          values_[i] = kUndecided;
          if (leaving.has_win()) decide(i, leaving.quickest_win());  // tentative: a stay may win sooner
        }
      }
    });
  }

  // Un-moves every position decided with byte b; their predecessors learn from it. The
  // positions are gathered first, while nothing writes (a plain scan the compiler vectorizes),
  // then un-moved in parallel (values and counts change only through atomic references).
  void retrograde_pass(uint8_t b) {
    tbb::enumerable_thread_specific<std::vector<uint64_t>> found;
    tbb::parallel_for(tbb::blocked_range<uint64_t>(0, values_.size(), kGrain), [&](const auto& range) {
      const uint8_t* v = values_.data();
      std::vector<uint64_t>& out = found.local();
      for (uint64_t i = range.begin(); i != range.end(); ++i) {
        if (v[i] == b) out.push_back(i);
      }
    });
    for (const std::vector<uint64_t>& list : found) {
      tbb::parallel_for(tbb::blocked_range<size_t>(0, list.size(), 1024), [&](const auto& range) {
        if (given_up()) return;
        std::vector<uint64_t> predecessors;
        for (size_t n = range.begin(); n != range.end(); ++n) {
          // Their counts and values are far apart in memory: ask for all of them at once.
          predecessors.clear();
          for_each_predecessor(list[n], [&](uint64_t q) {
            predecessors.push_back(q);
            __builtin_prefetch(&counts_[q]);
            __builtin_prefetch(&values_[q]);
          });
          for (const uint64_t q : predecessors) {
            std::atomic_ref<uint8_t> count(counts_[q]);
            if (is_loss(b)) {
              if (count.load(std::memory_order_relaxed) != 0) lower_win(q, b + 1);
            } else if (take_one(count) == 1) {
              value_from_all_moves(q);
            }
          }
        }
      });
    }
  }

  // Takes one from a count that is not 0; returns what it was (0: q has captures, so the move
  // that led here was no legal move of it).
  static uint8_t take_one(std::atomic_ref<uint8_t> count) {
    uint8_t c = count.load(std::memory_order_relaxed);
    while (c != 0 && !count.compare_exchange_weak(c, uint8_t(c - 1), std::memory_order_acq_rel)) {
    }
    return c;
  }

  // q's every move that stays is now known won for the opponent: q is lost unless a move
  // that leaves wins (already set) or draws.
  void value_from_all_moves(uint64_t q) {
    Minimax all;
    for_each_move(decode(q), -1, [&](const Successor& s) { all.add(byte_after(s)); });
    const int r = all.result();
    if (r > kLongest) {
      too_long_.store(true);
    } else if (is_loss(uint8_t(r))) {
      decide(q, r);
    }
  }

  // A win after `byte - 1` plies for q, unless it already wins sooner.
  void lower_win(uint64_t q, int byte) {
    if (byte > kLongest) {
      too_long_.store(true);
      return;
    }
    std::atomic_ref<uint8_t> v = value_at(q);
    uint8_t current = v.load(std::memory_order_relaxed);
    while (current == kUndecided || (is_win(current) && current > byte)) {
      if (v.compare_exchange_weak(current, uint8_t(byte), std::memory_order_relaxed)) {
        raise_highest(byte);
        return;
      }
    }
  }

  void decide(uint64_t i, int byte) {
    if (byte > kLongest) {
      too_long_.store(true);
      return;
    }
    value_at(i).store(uint8_t(byte), std::memory_order_relaxed);
    raise_highest(byte);
  }

  void raise_highest(int byte) {
    int h = highest_.load(std::memory_order_relaxed);
    while (h < byte && !highest_.compare_exchange_weak(h, byte)) {
    }
  }

  uint8_t stalemate_byte(const Placement& p) const {
    switch (variant_.options.stalemate) {
      case LosingStalemateRule::Win: return kWinNow;
      case LosingStalemateRule::Draw: return kDraw;
      case LosingStalemateRule::FewerPieces: {
        const Material m = material_of(p);
        const int ours = m.men(p.side);
        const int theirs = m.men(~p.side);
        return ours == theirs ? kDraw : ours < theirs ? kWinNow : kLostNow;
      }
    }
    return kDraw;
  }

  // The byte of the position a move leads to, for its side to move.
  uint8_t byte_after(const Successor& s) {
    switch (s.kind) {
      case Successor::Kind::Stays: return value_at(s.after.index()).load(std::memory_order_relaxed);
      case Successor::Kind::Leaves: return byte_elsewhere(s.after);
      case Successor::Kind::EpRights: break;
    }
    // Captures are compulsory and one is there, so every move leaves this table.
    Minimax node;
    for_each_move(s.after, s.passed, [&](const Successor& capture) { node.add(byte_elsewhere(capture.after)); });
    const int r = node.result();
    if (r > kLongest) too_long_.store(true);
    return uint8_t(std::min(r, int(kLongest)));
  }

  uint8_t byte_elsewhere(const Placement& p) const {
    const Material m = material_of(p);
    if (m.men(p.side) == 0) return kWinNow;
    return subtables_.at(m)->byte(p.index());
  }

  // Every legal move of p's side to move; `passed` (>= 0) is a square its pawns may capture
  // on e.p. (the double-stepped pawn stands one square beyond it).
  template <typename Visit>
  void for_each_move(const Placement& p, int passed, Visit&& visit) const {
    const Board board(p);
    const Color us = p.side;
    const Color them = ~us;
    const Bitboard enemies = board.by_color[index(them)];
    bool captures = false;
    for (int k = 0; k < p.men; ++k) {
      const Piece piece = p.piece[size_t(k)];
      if (color_of(piece) != us) continue;
      const Square from = engine_square(p.square[size_t(k)]);
      const PieceType t = type_of(piece);
      Bitboard targets = (t == PieceType::Pawn ? g_.pawn_attacks(us, from) : g_.attacks(t, from, board.occupied)) & enemies;
      while (targets) {
        const Square to = pop_lsb(targets);
        captures = true;
        Placement after = p;
        after.side = them;
        after.remove(place_of(after, board_square(to)));
        const int mover = place_of(after, p.square[size_t(k)]);
        after.square[size_t(mover)] = board_square(to);
        promote_or_visit(after, mover, t, to, Successor::Kind::Leaves, visit);
      }
      if (t == PieceType::Pawn && passed >= 0 && has(g_.pawn_attacks(us, from), engine_square(uint8_t(passed)))) {
        captures = true;
        Placement after = p;
        after.side = them;
        const int victim = place_of(after, uint8_t(passed - 8 * (us == Color::White ? 1 : -1)));
        after.remove(victim);
        after.square[size_t(place_of(after, p.square[size_t(k)]))] = uint8_t(passed);
        visit(Successor{Successor::Kind::Leaves, after, 0});
      }
    }
    if (captures) return;
    const Bitboard empty = ~board.occupied & g_.board();
    for (int k = 0; k < p.men; ++k) {
      const Piece piece = p.piece[size_t(k)];
      if (color_of(piece) != us) continue;
      const Square from = engine_square(p.square[size_t(k)]);
      const PieceType t = type_of(piece);
      if (t != PieceType::Pawn) {
        for (Bitboard targets = g_.attacks(t, from, board.occupied) & empty; targets;) {
          visit(Successor{Successor::Kind::Stays, moved(p, k, pop_lsb(targets)), 0});
        }
        continue;
      }
      const Square one = Square(from + pawn_forward(us));
      if (!has(empty, one)) continue;
      promote_or_visit(moved(p, k, one), k, t, one, Successor::Kind::Stays, visit);
      const Square two = Square(one + pawn_forward(us));
      if (rank_of(from) == (us == Color::White ? 1 : 6) && has(empty, two)) {
        const bool ep = (g_.pawn_attacks(us, one) & board.pawns[index(them)]) != 0;
        visit(Successor{ep ? Successor::Kind::EpRights : Successor::Kind::Stays, moved(p, k, two), board_square(one)});
      }
    }
  }

  // A pawn that reaches its last rank becomes each kind of promotion in turn (the move leaves
  // the table); any other move is visited as `kind`.
  template <typename Visit>
  void promote_or_visit(const Placement& after, int mover, PieceType t, Square to, Successor::Kind kind,
                        Visit&& visit) const {
    const Color us = color_of(after.piece[size_t(mover)]);
    if (t != PieceType::Pawn || rank_of(to) != (us == Color::White ? 7 : 0)) {
      visit(Successor{kind, after, 0});
      return;
    }
    for (const PieceType promotion : variant_.promotions) {
      Placement promoted = after;
      promoted.remove(mover);
      promoted.insert(make_piece(us, promotion), board_square(to));
      visit(Successor{Successor::Kind::Leaves, promoted, 0});
    }
  }

  static Placement moved(const Placement& p, int k, Square to) {
    Placement after = p;
    after.side = ~p.side;
    after.square[size_t(k)] = board_square(to);
    return after;
  }

  // The indexes of the positions of this table from which a quiet move leads to p. The move is
  // legal where the predecessor has no capture, which is where it has a count of moves that
  // stay (a position with a capture has none): the callers look.
  template <typename Visit>
  void for_each_predecessor(uint64_t i, Visit&& visit) const {
    const Placement p = decode(i);
    const Board board(p);
    const Color mover = ~p.side;
    const Bitboard empty = ~board.occupied & g_.board();
    const auto consider = [&](int k, Square from) {
      if (twin_[size_t(k)]) {
        Placement q = p;
        q.side = mover;
        q.square[size_t(k)] = board_square(from);
        visit(q.index());
      } else {
        // The same index with the other side to move and man k's square replaced.
        const int shift = 1 + 6 * k;
        visit(((i ^ 1) & ~(uint64_t(63) << shift)) | uint64_t(board_square(from)) << shift);
      }
    };
    for (int k = 0; k < p.men; ++k) {
      const Piece piece = p.piece[size_t(k)];
      if (color_of(piece) != mover) continue;
      const Square to = engine_square(p.square[size_t(k)]);
      const PieceType t = type_of(piece);
      if (t != PieceType::Pawn) {
        // Every piece moves alike both ways: its quiet moves from `to` are the squares it came from.
        for (Bitboard from = g_.attacks(t, to, board.occupied) & empty; from;) consider(k, pop_lsb(from));
        continue;
      }
      const int back = -pawn_forward(mover);
      const int first_rank = mover == Color::White ? 0 : 7;
      const Square one = Square(to + back);
      if (!has(empty, one) || rank_of(one) == first_rank) continue;
      consider(k, one);
      const Square two = Square(one + back);
      // A double step to `to` left no e.p. right here only where no enemy pawn could take it.
      if (rank_of(to) == (mover == Color::White ? 3 : 4) && has(empty, two) &&
          !(g_.pawn_attacks(mover, one) & board.pawns[index(p.side)])) {
        consider(k, two);
      }
    }
  }

  const Variant& variant_;
  const Geometry& g_;
  Material material_;
  std::map<Material, const LosingTable*> subtables_;
  const LosingTable::Stop& stop_;
  std::vector<uint8_t> values_;
  // Per position without a capture: its moves that stay in the table and are not yet known won
  // for the opponent (0 for a position with a capture, which must capture).
  std::vector<uint8_t> counts_;
  Placement blank_;  // the men in index order, on no squares yet
  std::array<bool, kMaxMen> twin_{};  // man k has a man of the same colour and kind beside it in the index
  std::atomic<int> highest_{0};
  std::atomic<bool> too_long_{false};
  std::atomic<bool> given_up_{false};
};

}  // namespace

TableValue TableValue::from_byte(uint8_t byte) {
  if (byte == kDraw || byte == kUndecided) return {};
  const int plies = byte - 1;
  return {plies % 2 == 0 ? Kind::Win : Kind::Loss, plies};
}

std::unique_ptr<LosingTable> LosingTable::from_values(const Material& m, std::vector<uint8_t> values) {
  assert(values.size() == m.index_count());
  return std::unique_ptr<LosingTable>(new LosingTable(m, std::move(values)));
}

bool LosingTable::applies_to(const Variant& variant) {
  return variant.compulsory_capture && variant.king_rule == KingRule::Ordinary && variant.moves_per_turn == 1 &&
         variant.files == 8 && variant.ranks == 8 && !variant.castling.allowed;
}

std::vector<Material> LosingTable::successors(const Variant& variant, const Material& m) {
  std::set<Material> out;
  const auto keep = [&](const Material& next) {
    if (next.men(Color::White) > 0 && next.men(Color::Black) > 0) out.insert(next);
  };
  for (const Color us : {Color::White, Color::Black}) {
    if (m.men(us) == 0) continue;
    // A pawn move may promote, with or without a capture.
    const auto keep_promotions = [&](const Material& after) {
      if (after.count(us, PieceType::Pawn) == 0) return;
      for (const PieceType promotion : variant.promotions) {
        Material promoted = after;
        promoted.remove(make_piece(us, PieceType::Pawn));
        promoted.add(make_piece(us, promotion));
        keep(promoted);
      }
    };
    keep_promotions(m);
    for (int t = 1; t < kPieceTypeCount; ++t) {
      const Piece victim = make_piece(~us, PieceType(t));
      if (m.count(~us, PieceType(t)) == 0) continue;
      Material captured = m;
      captured.remove(victim);
      keep(captured);
      keep_promotions(captured);
    }
  }
  return {out.begin(), out.end()};
}

std::unique_ptr<LosingTable> LosingTable::build(const Variant& variant, const Material& m, const Subtables& subtables,
                                                const Stop& stop) {
  std::map<Material, const LosingTable*> found;
  for (const Material& next : successors(variant, m)) {
    const LosingTable* table = subtables(next);
    if (!table) return nullptr;
    found.emplace(next, table);
  }
  std::optional<std::vector<uint8_t>> values = Builder(variant, m, std::move(found), stop).run();
  if (!values) return nullptr;
  return std::unique_ptr<LosingTable>(new LosingTable(m, std::move(*values)));
}

}  // namespace dm::tablebase
