#include "rules/geometry.h"

#include <cassert>
#include <memory>
#include <mutex>

#include "rules/piece.h"

namespace dm {

namespace {

constexpr std::array<std::array<int, 2>, kDirectionCount> kSteps = {{
    {0, 1}, {1, 0}, {1, 1}, {-1, 1}, {0, -1}, {-1, 0}, {-1, -1}, {1, -1},
}};

}  // namespace

const Geometry& Geometry::of(int files, int ranks) {
  assert(files >= 1 && files <= kMaxFiles && ranks >= 1 && ranks <= kMaxRanks);
  static std::mutex mutex;
  static std::array<std::unique_ptr<Geometry>, kMaxFiles * kMaxRanks> cache;
  const std::lock_guard lock(mutex);
  auto& slot = cache[(files - 1) * kMaxRanks + (ranks - 1)];
  if (!slot) slot.reset(new Geometry(files, ranks));
  return *slot;
}

Geometry::Geometry(int files, int ranks) : files_(files), ranks_(ranks) {
  for (int r = 0; r < ranks; ++r) {
    for (int f = 0; f < files; ++f) {
      const Bitboard b = square_bb(make_square(f, r));
      board_ |= b;
      rank_bb_[r] |= b;
      file_bb_[f] |= b;
    }
  }
  for (auto& row : direction_) row.fill(kNoDirection);

  for (int r = 0; r < ranks; ++r) {
    for (int f = 0; f < files; ++f) {
      const Square s = make_square(f, r);
      for (int d = 0; d < kDirectionCount; ++d) {
        for (int ff = f + kSteps[d][0], rr = r + kSteps[d][1]; contains(ff, rr);
             ff += kSteps[d][0], rr += kSteps[d][1]) {
          rays_[d][s] |= square_bb(make_square(ff, rr));
          direction_[s][make_square(ff, rr)] = int8_t(d);
        }
      }
      for (const Color c : {Color::White, Color::Black}) {
        const int forward = c == Color::White ? 1 : -1;
        for (const int df : {-1, 1}) {
          if (contains(f + df, r + forward)) {
            pawn_attacks_[index(c)][s] |= square_bb(make_square(f + df, r + forward));
          }
        }
      }
    }
  }

  for (const auto& piece : piece_descriptions()) {
    if (piece.betza.empty()) continue;
    const auto movement = parse_betza(piece.betza);
    assert(movement && "built-in piece descriptions are valid Betza");
    rides_orthogonal_[index(piece.type)] = movement->rides_orthogonal;
    rides_diagonal_[index(piece.type)] = movement->rides_diagonal;
    has_leaps_[index(piece.type)] = !movement->leaps.empty();
    for (int r = 0; r < ranks; ++r) {
      for (int f = 0; f < files; ++f) {
        Bitboard& table = leaps_[index(piece.type)][make_square(f, r)];
        for (const LeapAtom atom : movement->leaps) {
          for (const int sa : {-1, 1}) {
            for (const int sb : {-1, 1}) {
              if (contains(f + sa * atom.a, r + sb * atom.b)) {
                table |= square_bb(make_square(f + sa * atom.a, r + sb * atom.b));
              }
              if (contains(f + sb * atom.b, r + sa * atom.a)) {
                table |= square_bb(make_square(f + sb * atom.b, r + sa * atom.a));
              }
            }
          }
        }
      }
    }
  }
}

}  // namespace dm
