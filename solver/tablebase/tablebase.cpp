#include "solver/tablebase/tablebase.h"

#include <algorithm>
#include <filesystem>

#include "solver/tablebase/table_file.h"

namespace dm::tablebase {

std::optional<std::string> max_men_error(int max_men) {
  if (max_men == 0 || (max_men >= 2 && max_men <= kMaxMen)) return std::nullopt;
  return "--tablebase-men must be 0 (none) or from 2 to " + std::to_string(kMaxMen);
}

namespace {

size_t home_of(uint64_t code, size_t slots) { return size_t((code * 0x9E3779B97F4A7C15ULL) >> 40) & (slots - 1); }

int64_t now_ns() {
  // Never 0, which BusyClock reads as "not busy".
  return std::max<int64_t>(1, std::chrono::duration_cast<std::chrono::nanoseconds>(
                                  std::chrono::steady_clock::now().time_since_epoch()).count());
}

}  // namespace

void Tablebase::BusyClock::enter() {
  std::lock_guard lock(mutex_);
  if (active_++ == 0) since_ns_.store(now_ns(), std::memory_order_release);
}

void Tablebase::BusyClock::leave() {
  std::lock_guard lock(mutex_);
  if (--active_ > 0) return;
  const int64_t since = since_ns_.load(std::memory_order_relaxed);
  total_ns_.store(total_ns_.load(std::memory_order_relaxed) + (now_ns() - since), std::memory_order_release);
  since_ns_.store(0, std::memory_order_release);
}

double Tablebase::BusyClock::seconds() const {
  const int64_t since = since_ns_.load(std::memory_order_acquire);
  const int64_t total = total_ns_.load(std::memory_order_acquire);
  return double(total + (since ? now_ns() - since : 0)) * 1e-9;
}

Tablebase::Tablebase(const Variant& variant, const TablebaseOptions& options) : variant_(variant), options_(options) {}

std::optional<TableValue> Tablebase::probe(const Position& pos, const LosingTable::Stop& stop) {
  // (Squares passed over in the turn under way, ep_pending, give no right where the tables
  // cover the material: no enemy pawn could take.)
  if (pos.ep_squares() || popcount(pos.pieces()) > options_.max_men) return std::nullopt;
  const Material m = Material::of(pos);
  if (m.men(Color::White) == 0 || m.men(Color::Black) == 0) return std::nullopt;
  Slot* slot = decided_slot(m, stop);
  if (!slot) return std::nullopt;
  // The layer: the moves the side to move has made in its turn.
  const int layer = pos.turn_length() - pos.moves_left();
  const Home home = slot->home.load(std::memory_order_acquire);
  if (home == Home::Resident) {
    probes_.fetch_add(1, std::memory_order_relaxed);
    return slot->resident->value(slot->resident->index_of(Placement::of(pos), layer));
  }
  if (home != Home::Cached) return std::nullopt;
  const std::shared_ptr<const LosingTable> t = cached_table(*slot, stop, false);
  if (!t) return std::nullopt;
  try {
    const TableValue value = t->value(t->index_of(Placement::of(pos), layer));
    probes_.fetch_add(1, std::memory_order_relaxed);
    return value;
  } catch (const DamagedValues& damaged) {
    give_up(*slot, damaged.what());
    return std::nullopt;
  }
}

void Tablebase::give_up(Slot& slot, const std::string& why) {
  {
    std::lock_guard lock(cache_mutex_);
    slot.home.store(Home::None, std::memory_order_release);
    if (slot.cached) drop(slot);
  }
  std::lock_guard lock(error_mutex_);
  error_ = slot.material.name() + ": " + why + "; the table is no longer used";
}

Tablebase::Slot* Tablebase::find(uint64_t code) const {
  for (size_t i = home_of(code, kSlots);; i = (i + 1) & (kSlots - 1)) {
    Slot* s = index_[i].load(std::memory_order_acquire);
    if (!s || s->code == code) return s;
  }
}

Tablebase::Slot* Tablebase::slot_for(const Material& m) {
  const uint64_t code = m.code();
  if (Slot* s = find(code)) return s;
  std::lock_guard lock(mutex_);
  if (Slot* s = find(code)) return s;
  if (slots_.size() >= kSlots / 2) return nullptr;  // the index stays half empty, so searches end
  Slot& added = slots_.emplace_back(m);
  size_t i = home_of(code, kSlots);
  while (index_[i].load(std::memory_order_relaxed)) i = (i + 1) & (kSlots - 1);
  index_[i].store(&added, std::memory_order_release);
  return &added;
}

bool Tablebase::claim(size_t bytes, size_t limit) {
  size_t taken = bytes_.load();
  do {
    if (taken + bytes > limit) return false;
  } while (!bytes_.compare_exchange_weak(taken, taken + bytes));
  return true;
}

Tablebase::Slot* Tablebase::decided_slot(const Material& m, const LosingTable::Stop& stop) {
  if (m.men() > options_.max_men || !LosingTable::covers(variant_, m)) return nullptr;
  Slot* found = slot_for(m);
  if (!found) return nullptr;
  Slot& slot = *found;
  if (slot.home.load(std::memory_order_acquire) != Home::Open) return &slot;
  try {
    std::call_once(slot.decided, [&] {
      const size_t size = LosingTable::index_count(variant_, m);
      const size_t budget = options_.bytes;
      // The largest tables are resident within half the budget, the rest being the cache's;
      // the smaller ones (a 64th of the largest, or less) within all of it.
      const size_t resident_limit = m.men() < options_.max_men ? budget : budget / 2;
      if (!claim(size, resident_limit)) {  // claimed before the tables below, so that they fit beside it
        slot.home.store(Home::Cached, std::memory_order_release);
      } else {
        bool lasting = false;
        std::unique_ptr<LosingTable> made = read_or_build(m, stop, lasting);
        if (!made) {
          bytes_.fetch_sub(size);
          // Given up, or a table below did not fit now: leave the flag unset (call_once does
          // when the call throws), for a later probe.
          if (!lasting) throw GivenUp{};
          slot.home.store(Home::None, std::memory_order_release);
          return;
        }
        tables_.fetch_add(1);
        slot.resident = std::move(made);
        slot.home.store(Home::Resident, std::memory_order_release);
      }
    });
  } catch (const GivenUp&) {
    return nullptr;
  }
  return &slot;
}

std::shared_ptr<const LosingTable> Tablebase::table(const Material& m, const LosingTable::Stop& stop) {
  Slot* slot = decided_slot(m, stop);
  if (!slot) return nullptr;
  switch (slot->home.load(std::memory_order_acquire)) {
    case Home::Resident: return slot->resident;
    case Home::Cached: return cached_table(*slot, stop, true);
    default: return nullptr;
  }
}

bool Tablebase::make_room(size_t bytes) {
  const size_t budget = options_.bytes;
  while (!claim(bytes, budget)) {
    // The cached table used longest ago that nobody else holds.
    auto oldest = cached_slots_.end();
    for (auto it = cached_slots_.begin(); it != cached_slots_.end(); ++it) {
      if ((*it)->cached.use_count() == 1 && (oldest == cached_slots_.end() || (*it)->last_use < (*oldest)->last_use)) {
        oldest = it;
      }
    }
    if (oldest == cached_slots_.end()) return false;
    drop(**oldest);
    evicted_.fetch_add(1);
  }
  return true;
}

void Tablebase::drop(Slot& slot) {
  bytes_.fetch_sub(slot.cached->size_bytes());
  slot.cached.reset();  // its holders keep it until they let go
  const auto at = std::find(cached_slots_.begin(), cached_slots_.end(), &slot);
  *at = cached_slots_.back();
  cached_slots_.pop_back();
}

size_t Tablebase::load_bytes(const Material& m, bool whole) const {
  const size_t values = LosingTable::index_count(variant_, m);
  if (whole || options_.directory.empty()) return values;
  // Read packed: the file's packed bytes and the blocks' index at most; made, whole at first.
  std::error_code ec;
  const uintmax_t file = std::filesystem::file_size(table_path(options_.directory, variant_, m), ec);
  if (ec) return values;
  return size_t(file) + (values / PackedValues::kBlockValues + 2) * sizeof(uint64_t);
}

std::shared_ptr<const LosingTable> Tablebase::cached_table(Slot& slot, const LosingTable::Stop& stop, bool whole) {
  std::unique_lock lock(cache_mutex_);
  cache_loaded_.wait(lock, [&] { return !slot.loading; });
  if (slot.cached && (!whole || !slot.cached->packed())) {
    slot.last_use = ++use_clock_;
    return slot.cached;
  }
  if (slot.home.load(std::memory_order_relaxed) != Home::Cached) return nullptr;
  if (slot.cached) drop(slot);  // packed, and wanted whole
  const size_t size = load_bytes(slot.material, whole);
  if (size > options_.bytes || !make_room(size)) return nullptr;
  slot.loading = true;
  lock.unlock();
  // Read or made outside the lock: it takes long, and the tables below come through table().
  std::shared_ptr<LosingTable> loaded;
  bool lasting = false;
  try {
    loaded = read_or_build(slot.material, stop, lasting, !whole);
  } catch (...) {
    lock.lock();
    finish_loading(slot, nullptr, size, false);
    throw;
  }
  lock.lock();
  finish_loading(slot, loaded, size, lasting);
  return loaded;
}

void Tablebase::finish_loading(Slot& slot, const std::shared_ptr<LosingTable>& loaded, size_t size, bool lasting) {
  slot.loading = false;
  if (loaded) {
    // The budget takes what the table holds, which a packed read only bounded.
    bytes_.fetch_add(loaded->size_bytes());
    bytes_.fetch_sub(size);
    slot.cached = loaded;
    slot.last_use = ++use_clock_;
    cached_slots_.push_back(&slot);
    tables_.fetch_add(1);
  } else {
    bytes_.fetch_sub(size);
    if (lasting) slot.home.store(Home::None, std::memory_order_release);
  }
  cache_loaded_.notify_all();
}

std::unique_ptr<LosingTable> Tablebase::read_or_build(const Material& m, const LosingTable::Stop& stop, bool& lasting,
                                                      bool packed) {
  making_.enter();
  struct Leave {
    BusyClock& clock;
    ~Leave() { clock.leave(); }
  } leave{making_};
  const std::string path = options_.directory.empty() ? "" : table_path(options_.directory, variant_, m);
  if (!path.empty()) {
    if (std::optional<TableFile> file = read_table(path, variant_, m)) {
      if (file->old_format) keep(path, m, file->values);
      if (packed) {
        read_.fetch_add(1);
        return LosingTable::from_packed(variant_, m, std::move(file->values));
      }
      if (std::optional<std::vector<uint8_t>> values = file->values.unpack()) {
        read_.fetch_add(1);
        return LosingTable::from_values(variant_, m, std::move(*values));
      }
    }
  }
  // The tables below are held until this one is made, so that the cache keeps them.
  std::vector<std::shared_ptr<const LosingTable>> held;
  bool below_for_now = false;  // a table below is missing for now (not for good)
  std::unique_ptr<LosingTable> made = LosingTable::build(
      variant_, m,
      [&](const Material& next) -> const LosingTable* {
        held.push_back(table(next, stop));
        if (!held.back()) {
          const Slot* below = find(next.code());
          below_for_now = below_for_now || !below || below->home.load(std::memory_order_acquire) != Home::None;
        }
        return held.back().get();
      },
      stop);
  if (!made) {
    // Too long a game for the byte, here or below, stays so; a stop, or a table below that does
    // not fit the budget now, may pass later.
    lasting = !below_for_now && !(stop && stop());
    return nullptr;
  }
  if (path.empty() && !packed) return made;
  PackedValues packing = PackedValues::pack(made->values());
  if (!path.empty()) keep(path, m, packing);
  if (packed) return LosingTable::from_packed(variant_, m, std::move(packing));
  return made;
}

void Tablebase::keep(const std::string& path, const Material& m, const PackedValues& values) {
  if (const std::optional<std::string> error = write_table(path, variant_, m, values)) {
    std::lock_guard lock(error_mutex_);
    error_ = *error;
  }
}

TablebaseStats Tablebase::stats() const {
  TablebaseStats s{tables_.load(), read_.load(), bytes_.load(), evicted_.load(), probes_.load(), {}};
  std::lock_guard lock(error_mutex_);
  s.error = error_;
  return s;
}

}  // namespace dm::tablebase
