#pragma once
// An ordered list of piece kinds, each at most once: the kinds a variant has on its board, its
// promotion choices. Its capacity is fixed, so a Variant, and a Position that holds one, copy
// without allocating: the solver copies a position for every key candidate, and on a Lichess
// mate in two that copying cost as much as the search.

#include <array>
#include <cassert>
#include <cstdint>
#include <initializer_list>

#include "rules/types.h"

namespace dm {

class PieceTypeList {
 public:
  constexpr PieceTypeList() = default;
  constexpr PieceTypeList(std::initializer_list<PieceType> types) {
    for (const PieceType t : types) push_back(t);
  }

  constexpr void push_back(PieceType t) {
    assert(size_ < types_.size() && !contains(t));
    types_[size_++] = t;
  }
  constexpr bool contains(PieceType t) const {
    for (const PieceType u : *this) {
      if (u == t) return true;
    }
    return false;
  }

  constexpr const PieceType* begin() const { return types_.data(); }
  constexpr const PieceType* end() const { return types_.data() + size_; }
  constexpr size_t size() const { return size_; }

 private:
  std::array<PieceType, kPieceTypeCount> types_{};
  uint8_t size_ = 0;
};

static_assert(sizeof(PieceTypeList) == kPieceTypeCount + 1, "one byte per kind and the count");

}  // namespace dm
