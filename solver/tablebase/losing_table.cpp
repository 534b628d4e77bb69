#include "solver/tablebase/losing_table.h"

#include <algorithm>
#include <atomic>
#include <cassert>
#include <map>
#include <set>
#include <string>
#include <utility>

#include <tbb/blocked_range.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include "rules/geometry.h"
#include "rules/movegen.h"
#include "rules/outcome.h"
#include "rules/piece.h"

namespace dm::tablebase {

namespace {

constexpr uint8_t kDraw = ValueCode::kDraw;
constexpr uint8_t kWinNow = 1;  // a win after 0 plies: the side to move has no men, or stalemate=win
constexpr uint8_t kLongest = ValueCode::kLongest;
constexpr uint8_t kUndecided = 255;
constexpr uint64_t kGrain = uint64_t(1) << 14;

bool is_win(uint8_t b) { return ValueCode::is_win(b); }
bool is_loss(uint8_t b) { return ValueCode::is_loss(b); }

// A node's value from its moves' values (each from the side to move after the move): won
// after one ply more than its quickest move that wins for it, else lost after one more than
// its slowest move when every move loses for it, else drawn.
class Minimax {
 public:
  explicit Minimax(const ValueCode& code) : code_(code) {}

  void add(uint8_t child, bool same_mover) {
    if (!is_win(child) && !is_loss(child)) {
      every_child_won_ = false;  // a draw, or not decided yet
      return;
    }
    const int mine = code_.before(child, same_mover);
    if (mine & 1) {
      quickest_win_ = std::min(quickest_win_, mine);
    } else {
      slowest_loss_ = std::max(slowest_loss_, mine);
    }
  }
  bool has_win() const { return quickest_win_ != kNoWin; }
  int quickest_win() const { return quickest_win_; }
  // The byte, or more than kLongest when the game is too long for it.
  int result() const {
    if (has_win()) return quickest_win_;
    return every_child_won_ ? slowest_loss_ : kDraw;
  }

 private:
  static constexpr int kNoWin = 1 << 20;
  const ValueCode& code_;
  int quickest_win_ = kNoWin;
  int slowest_loss_ = 0;
  bool every_child_won_ = true;
};

// Where a move of the builder leads.
struct Successor {
  enum class Kind : uint8_t {
    Stays,     // a quiet move (or a pass) to another position of this table
    Leaves,    // a capture or promotion: another material's table (or a side's last man gone)
    EpRights,  // a double step that gives the opponent an e.p. capture: valued as it is found
  };
  Kind kind;
  Placement after;
  uint8_t passed = 0;  // EpRights: the square passed over (board numbering)
  int layer = 0;       // of `after`: above 0 when the mover's turn goes on
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

// The rules engine's position of a placement at `layer` of its side's turn (no castling, no
// e.p. right; a move number past the first, where no first-turn rule applies).
Position position_of(const Variant& variant, const Placement& p, int layer) {
  std::string board;
  for (int rank = 7; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < 8; ++file) {
      const int k = place_of(p, uint8_t(rank * 8 + file));
      if (k < 0) {
        ++empty;
        continue;
      }
      if (empty) board += char('0' + std::exchange(empty, 0));
      board += piece_letter(p.piece[size_t(k)]);
    }
    if (empty) board += char('0' + empty);
    if (rank) board += '/';
  }
  const int left = variant.moves_per_turn - layer;
  const std::string side =
      std::string(p.side == Color::White ? "w" : "b") + (left < variant.moves_per_turn ? std::to_string(left) : "");
  Position pos;
  [[maybe_unused]] const std::optional<FenError> error = pos.set(variant, board + " " + side + " - - 0 2");
  assert(!error);
  return pos;
}

// How a position whose side to move has no move of the builder's goes on, by the rules
// engine: the pass of no-second-move=pass, or the game's end with its value.
struct RulesEnd {
  bool pass = false;
  uint8_t byte = kDraw;  // when not a pass
};

RulesEnd rules_end(const Variant& variant, const ValueCode& code, const Placement& p, int layer) {
  const Position pos = position_of(variant, p, layer);
  MoveList moves;
  generate_legal(pos, moves);
  if (!moves.empty()) {
    assert(moves.size() == 1 && moves[0].kind() == MoveKind::Pass);
    return {true, kDraw};
  }
  const Outcome end = outcome(pos);
  assert(end.is_over());
  const int score = end.score_for(p.side);
  // A loss now: after 0 plies, or with turns of one move after 1 (ValueCode).
  const int lost = code.moves_per_turn == 1 ? code.loss(1) : code.loss(0);
  return {false, uint8_t(score > 0 ? kWinNow : score < 0 ? lost : kDraw)};
}

class Builder {
 public:
  Builder(const Variant& variant, const Material& m, std::map<Material, const LosingTable*> subtables,
          const LosingTable::Stop& stop)
      : variant_(variant),
        g_(Geometry::of(8, 8)),
        code_{variant.moves_per_turn},
        layers_(variant.moves_per_turn),
        material_(m),
        placements_(m.index_count()),
        subtables_(std::move(subtables)),
        stop_(stop),
        values_(LosingTable::index_count(variant, m), kUndecided),
        counts_(values_.size(), 0) {
    const auto men = m.men_in_order();
    blank_.men = m.men();
    blank_.piece = men;
    for (int k = 0; k < m.men(); ++k) {
      twin_[size_t(k)] = (k > 0 && men[size_t(k - 1)] == men[size_t(k)]) || (k + 1 < m.men() && men[size_t(k + 1)] == men[size_t(k)]);
    }
    if (layers_ > 1 && variant.options.no_second_move == NoSecondMoveRule::Pass) {
      passes_.assign((values_.size() + 63) / 64, 0);
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
  int layer_of(uint64_t i) const { return int(i / placements_); }
  uint64_t index_of(const Placement& p, int layer) const { return uint64_t(layer) * placements_ + p.index(); }

  std::atomic_ref<uint8_t> value_at(uint64_t i) { return std::atomic_ref<uint8_t>(values_[i]); }

  bool is_pass(uint64_t i) const { return !passes_.empty() && (passes_[i / 64] >> (i % 64) & 1) != 0; }
  void mark_pass(uint64_t i) {
    std::atomic_ref<uint64_t>(passes_[i / 64]).fetch_or(uint64_t(1) << (i % 64), std::memory_order_relaxed);
  }

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
        Minimax leaving(code_);
        int staying = 0;
        const std::optional<uint8_t> end = for_each_successor(p, layer_of(i), [&](const Successor& s) {
          if (s.kind == Successor::Kind::Stays) {
            ++staying;
          } else {
            leaving.add(byte_after(s), s.layer > 0);
          }
        });
        if (end) {
          decide(i, *end);
        } else if (staying == 0) {
          decide(i, leaving.result());
        } else {
          counts_[i] = uint8_t(staying);
          values_[i] = kUndecided;
          if (staying == 1 && !passes_.empty() && is_pass_position(p, i)) mark_pass(i);
          if (leaving.has_win()) decide(i, leaving.quickest_win());  // tentative: a stay may win sooner
        }
      }
    });
  }

  // Whether position i (with one move that stays) is one whose side passes: a last layer with
  // no move of its men.
  bool is_pass_position(const Placement& p, uint64_t i) const {
    if (layer_of(i) != layers_ - 1) return false;
    bool any = false;
    for_each_move(p, layer_of(i), -1, [&](const Successor&) { any = true; });
    return !any;
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
          // What the move to this position gives its predecessor's side to move.
          const int before = code_.before(b, layer_of(list[n]) > 0);
          for (const uint64_t q : predecessors) {
            std::atomic_ref<uint8_t> count(counts_[q]);
            if (before & 1) {
              if (count.load(std::memory_order_relaxed) != 0) lower_win(q, before);
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

  // q's every move that stays is now known bad for its side to move: q is lost unless a move
  // that leaves wins (already set) or draws.
  void value_from_all_moves(uint64_t q) {
    Minimax all(code_);
    for_each_successor(decode(q), layer_of(q), [&](const Successor& s) { all.add(byte_after(s), s.layer > 0); });
    const int r = all.result();
    if (r > kLongest) {
      too_long_.store(true);
    } else if (is_loss(uint8_t(r))) {
      decide(q, r);
    }
  }

  // A win with this byte for q, unless it already wins sooner.
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

  // The byte of the position a move leads to, for its side to move.
  uint8_t byte_after(const Successor& s) {
    switch (s.kind) {
      case Successor::Kind::Stays: return value_at(index_of(s.after, s.layer)).load(std::memory_order_relaxed);
      case Successor::Kind::Leaves: return byte_elsewhere(s.after, s.layer);
      case Successor::Kind::EpRights: break;
    }
    // Turns of one move (covers()): captures are compulsory and one is there, so every move
    // leaves this table.
    assert(layers_ == 1);
    Minimax node(code_);
    for_each_move(s.after, s.layer, s.passed, [&](const Successor& capture) {
      node.add(byte_elsewhere(capture.after, capture.layer), capture.layer > 0);
    });
    const int r = node.result();
    if (r > kLongest) too_long_.store(true);
    return uint8_t(std::min(r, int(kLongest)));
  }

  // The byte of a position of another material: a side with no man at the start of its turn
  // has won (L3); a side whose opponent has lost its last man plays out its turn; else the
  // material's table.
  uint8_t byte_elsewhere(const Placement& p, int layer) {
    const Material m = material_of(p);
    if (m.men(p.side) == 0) return kWinNow;
    if (m.men(~p.side) == 0) {
      Minimax node(code_);
      const std::optional<uint8_t> end = for_each_successor(
          p, layer, [&](const Successor& s) { node.add(byte_elsewhere(s.after, s.layer), s.layer > 0); });
      return end ? *end : uint8_t(std::min(node.result(), int(kLongest)));
    }
    const LosingTable* table = subtables_.at(m);
    return table->byte(table->index_of(p, layer));
  }

  // The side to move and layer after a move of `us` at `layer`.
  std::pair<Color, int> after_move(Color us, int layer) const {
    return layer + 1 < layers_ ? std::pair{us, layer + 1} : std::pair{~us, 0};
  }

  // Every legal move of p's side to move at `layer`, and where it has none, the rules' pass;
  // returns the game's value where it has neither (and visits nothing).
  template <typename Visit>
  std::optional<uint8_t> for_each_successor(const Placement& p, int layer, Visit&& visit) const {
    bool any = false;
    for_each_move(p, layer, -1, [&](const Successor& s) {
      any = true;
      visit(s);
    });
    if (any) return std::nullopt;
    const RulesEnd end = rules_end(variant_, code_, p, layer);
    if (!end.pass) return end.byte;
    Placement after = p;
    after.side = ~p.side;
    const bool here = material_of(p) == material_;
    visit(Successor{here ? Successor::Kind::Stays : Successor::Kind::Leaves, after, 0, 0});
    return std::nullopt;
  }

  // Every legal move of p's side to move at `layer`; `passed` (>= 0) is a square its pawns may
  // capture on e.p. (the double-stepped pawn stands one square beyond it).
  template <typename Visit>
  void for_each_move(const Placement& p, int layer, int passed, Visit&& visit) const {
    const Board board(p);
    const Color us = p.side;
    const Color them = ~us;
    const std::pair<Color, int> next = after_move(us, layer);
    const Color next_side = next.first;
    const int next_layer = next.second;
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
        after.side = next_side;
        after.remove(place_of(after, board_square(to)));
        const int mover = place_of(after, p.square[size_t(k)]);
        after.square[size_t(mover)] = board_square(to);
        promote_or_visit(after, mover, t, to, Successor{Successor::Kind::Leaves, after, 0, next_layer}, visit);
      }
      if (t == PieceType::Pawn && passed >= 0 && has(g_.pawn_attacks(us, from), engine_square(uint8_t(passed)))) {
        captures = true;
        Placement after = p;
        after.side = next_side;
        const int victim = place_of(after, uint8_t(passed - 8 * (us == Color::White ? 1 : -1)));
        after.remove(victim);
        after.square[size_t(place_of(after, p.square[size_t(k)]))] = uint8_t(passed);
        visit(Successor{Successor::Kind::Leaves, after, 0, next_layer});
      }
    }
    if (captures) return;
    const Bitboard empty = ~board.occupied & g_.board();
    const auto moved = [&](int k, Square to) {
      Placement after = p;
      after.side = next_side;
      after.square[size_t(k)] = board_square(to);
      return after;
    };
    for (int k = 0; k < p.men; ++k) {
      const Piece piece = p.piece[size_t(k)];
      if (color_of(piece) != us) continue;
      const Square from = engine_square(p.square[size_t(k)]);
      const PieceType t = type_of(piece);
      if (t != PieceType::Pawn) {
        for (Bitboard targets = g_.attacks(t, from, board.occupied) & empty; targets;) {
          visit(Successor{Successor::Kind::Stays, moved(k, pop_lsb(targets)), 0, next_layer});
        }
        continue;
      }
      const Square one = Square(from + pawn_forward(us));
      if (!has(empty, one)) continue;
      const Placement stepped = moved(k, one);
      promote_or_visit(stepped, k, t, one, Successor{Successor::Kind::Stays, stepped, 0, next_layer}, visit);
      const Square two = Square(one + pawn_forward(us));
      if (rank_of(from) == (us == Color::White ? 1 : 6) && has(empty, two)) {
        const bool ep = (g_.pawn_attacks(us, one) & board.pawns[index(them)]) != 0;
        visit(Successor{ep ? Successor::Kind::EpRights : Successor::Kind::Stays, moved(k, two), board_square(one),
                        next_layer});
      }
    }
  }

  // A pawn that reaches its last rank becomes each kind of promotion in turn (the move leaves
  // the table); any other move is visited as `plain`.
  template <typename Visit>
  void promote_or_visit(const Placement& after, int mover, PieceType t, Square to, const Successor& plain,
                        Visit&& visit) const {
    const Color us = color_of(after.piece[size_t(mover)]);
    if (t != PieceType::Pawn || rank_of(to) != (us == Color::White ? 7 : 0)) {
      visit(plain);
      return;
    }
    for (const PieceType promotion : variant_.promotions) {
      Placement promoted = after;
      promoted.remove(mover);
      promoted.insert(make_piece(us, promotion), board_square(to));
      visit(Successor{Successor::Kind::Leaves, promoted, 0, plain.layer});
    }
  }

  // The indexes of the positions of this table from which a quiet move (or a pass) leads to
  // position i. The move is legal where the predecessor has no capture, which is where it has
  // a count of moves that stay (a position with a capture has none): the callers look.
  template <typename Visit>
  void for_each_predecessor(uint64_t i, Visit&& visit) const {
    const Placement p = decode(i);
    const int layer = layer_of(i);
    const Board board(p);
    // Within a turn the side to move made the move; at a turn's start the opponent did, at
    // the last layer of its turn.
    const Color mover = layer > 0 ? p.side : ~p.side;
    const int from_layer = layer > 0 ? layer - 1 : layers_ - 1;
    const uint64_t placement = i % placements_;
    const uint64_t base = uint64_t(from_layer) * placements_ + (mover == p.side ? placement : placement ^ 1);
    const Bitboard empty = ~board.occupied & g_.board();
    const auto consider = [&](int k, Square from) {
      if (twin_[size_t(k)]) {
        Placement q = p;
        q.side = mover;
        q.square[size_t(k)] = board_square(from);
        visit(index_of(q, from_layer));
      } else {
        // The same index with the mover to move and man k's square replaced.
        const int shift = 1 + 6 * k;
        visit((base & ~(uint64_t(63) << shift)) | uint64_t(board_square(from)) << shift);
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
          !(g_.pawn_attacks(mover, one) & board.pawns[index(~mover)])) {
        consider(k, two);
      }
    }
    // The opponent's pass, from the last layer of its turn with no move (M6 pass).
    if (layer == 0 && layers_ > 1) {
      const uint64_t q = uint64_t(layers_ - 1) * placements_ + (placement ^ 1);
      if (is_pass(q)) visit(q);
    }
  }

  const Variant& variant_;
  const Geometry& g_;
  ValueCode code_;
  int layers_;  // moves a turn
  Material material_;
  uint64_t placements_;  // the indexes of one layer
  std::map<Material, const LosingTable*> subtables_;
  const LosingTable::Stop& stop_;
  std::vector<uint8_t> values_;
  // Per position without a capture: its moves that stay in the table and are not yet known won
  // for the opponent (0 for a position with a capture, which must capture).
  std::vector<uint8_t> counts_;
  // A bit per index, with no-second-move=pass: the positions whose only move is the pass.
  std::vector<uint64_t> passes_;
  Placement blank_;  // the men in index order, on no squares yet
  std::array<bool, kMaxMen> twin_{};  // man k has a man of the same colour and kind beside it in the index
  std::atomic<int> highest_{0};
  std::atomic<bool> too_long_{false};
  std::atomic<bool> given_up_{false};
};

}  // namespace

TableValue ValueCode::value(uint8_t b, int layer) const {
  if (!is_win(b) && !is_loss(b)) return {};
  const int d = plies(b);
  // The turns, from the one under way, in which a move is made before the game ends (plies
  // layer .. layer + d - 1 of a count that starts at this turn's first move), every other one
  // the side to move's.
  const int turns = d == 0 ? 0 : (layer + d - 1) / moves_per_turn + 1;
  const bool wins = is_win(b);
  return {wins ? TableValue::Kind::Win : TableValue::Kind::Loss, d, wins ? (turns + 1) / 2 : turns / 2};
}

std::unique_ptr<LosingTable> LosingTable::from_values(const Variant& variant, const Material& m,
                                                      std::vector<uint8_t> values) {
  assert(values.size() == index_count(variant, m));
  return std::unique_ptr<LosingTable>(new LosingTable(m, ValueCode{variant.moves_per_turn}, std::move(values)));
}

std::unique_ptr<LosingTable> LosingTable::from_packed(const Variant& variant, const Material& m, PackedValues values) {
  assert(values.count() == index_count(variant, m));
  return std::unique_ptr<LosingTable>(new LosingTable(m, ValueCode{variant.moves_per_turn}, std::move(values)));
}

bool LosingTable::applies_to(const Variant& variant) {
  const LaterMoveRule& later = variant.later_moves;
  const bool plain_turns = variant.turn_length == TurnLength::Fixed &&
                           (variant.moves_per_turn == 1 || variant.moves_per_turn == 2) && !later.optional &&
                           !later.same_piece && !later.other_piece && !later.quiet && !later.two_steps_only_later;
  return variant.compulsory_capture && variant.king_rule == KingRule::Ordinary && plain_turns && variant.files == 8 &&
         variant.ranks == 8 && !variant.castling.allowed;
}

bool LosingTable::covers(const Variant& variant, const Material& m) {
  return variant.moves_per_turn == 1 || m.count(Color::White, PieceType::Pawn) == 0 ||
         m.count(Color::Black, PieceType::Pawn) == 0;
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
  if (!applies_to(variant) || !covers(variant, m)) return nullptr;
  std::map<Material, const LosingTable*> found;
  for (const Material& next : successors(variant, m)) {
    const LosingTable* table = subtables(next);
    if (!table) return nullptr;
    found.emplace(next, table);
  }
  std::optional<std::vector<uint8_t>> values = Builder(variant, m, std::move(found), stop).run();
  if (!values) return nullptr;
  return std::unique_ptr<LosingTable>(new LosingTable(m, ValueCode{variant.moves_per_turn}, std::move(*values)));
}

}  // namespace dm::tablebase
