#include "solver/tablebase/material.h"

#include <cassert>
#include <utility>

#include "rules/piece.h"

namespace dm::tablebase {

namespace {

// The order of men in an index: by colour, then by kind.
int order_of(Piece p) { return index(color_of(p)) * kPieceTypeCount + index(type_of(p)); }

}  // namespace

Material Material::of(const Position& pos) {
  Material m;
  for (Bitboard b = pos.pieces(); b;) m.add(pos.piece_on(pop_lsb(b)));
  return m;
}

int Material::men(Color c) const {
  int n = 0;
  for (const uint8_t k : count_[index(c)]) n += k;
  return n;
}

std::array<Piece, kMaxMen> Material::men_in_order() const {
  std::array<Piece, kMaxMen> out{};
  int k = 0;
  for (const Color c : {Color::White, Color::Black}) {
    for (int t = 0; t < kPieceTypeCount; ++t) {
      for (int n = 0; n < count_[index(c)][size_t(t)] && k < kMaxMen; ++n) out[size_t(k++)] = make_piece(c, PieceType(t));
    }
  }
  return out;
}

std::string Material::name() const {
  std::string out;
  for (const Color c : {Color::White, Color::Black}) {
    if (c == Color::Black) out += 'v';
    for (int t = kPieceTypeCount - 1; t > 0; --t) {
      out.append(count_[index(c)][size_t(t)], describe(PieceType(t)).letter);
    }
  }
  return out;
}

uint64_t Material::code() const {
  static_assert(kMaxMen < 8 && 2 * (kPieceTypeCount - 1) * 3 <= 64, "counts fit 3 bits each in 64");
  assert(men() <= kMaxMen);
  uint64_t code = 0;
  for (const Color c : {Color::White, Color::Black}) {
    for (int t = 1; t < kPieceTypeCount; ++t) code = code << 3 | count_[index(c)][size_t(t)];
  }
  return code;
}

Placement Placement::decode(const Material& m, uint64_t i) {
  Placement p;
  p.side = Color(i & 1);
  p.men = m.men();
  p.piece = m.men_in_order();
  for (int k = 0; k < p.men; ++k) p.square[size_t(k)] = uint8_t((i >> (1 + 6 * k)) & 63);
  return p;
}

Placement Placement::of(const Position& pos) {
  Placement p;
  p.side = pos.side_to_move();
  for (Bitboard b = pos.pieces(); b;) {
    const Square s = pop_lsb(b);
    p.insert(pos.piece_on(s), board_square(s));
  }
  return p;
}

uint64_t Placement::index() const {
  // Men of one kind are listed on rising squares: an insertion sort within each run of equal
  // men (a handful of men, so no more is needed).
  std::array<uint8_t, kMaxMen> sorted = square;
  for (int k = 1; k < men; ++k) {
    for (int j = k; j > 0 && piece[size_t(j)] == piece[size_t(j - 1)] && sorted[size_t(j)] < sorted[size_t(j - 1)]; --j) {
      std::swap(sorted[size_t(j)], sorted[size_t(j - 1)]);
    }
  }
  uint64_t i = uint64_t(dm::index(side));
  for (int k = 0; k < men; ++k) i |= uint64_t(sorted[size_t(k)]) << (1 + 6 * k);
  return i;
}

bool Placement::is_position() const {
  uint64_t occupied = 0;
  for (int k = 0; k < men; ++k) {
    const uint8_t s = square[size_t(k)];
    if (occupied >> s & 1) return false;
    occupied |= uint64_t(1) << s;
    if (type_of(piece[size_t(k)]) == PieceType::Pawn && (s < 8 || s >= 56)) return false;
    if (k > 0 && piece[size_t(k)] == piece[size_t(k - 1)] && s < square[size_t(k - 1)]) return false;
  }
  return true;
}

void Placement::remove(int k) {
  for (int j = k; j + 1 < men; ++j) {
    piece[size_t(j)] = piece[size_t(j + 1)];
    square[size_t(j)] = square[size_t(j + 1)];
  }
  --men;
}

void Placement::insert(Piece p, uint8_t s) {
  assert(men < kMaxMen);
  int k = men;
  while (k > 0 && order_of(piece[size_t(k - 1)]) > order_of(p)) {
    piece[size_t(k)] = piece[size_t(k - 1)];
    square[size_t(k)] = square[size_t(k - 1)];
    --k;
  }
  piece[size_t(k)] = p;
  square[size_t(k)] = s;
  ++men;
}

}  // namespace dm::tablebase
