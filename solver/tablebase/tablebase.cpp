#include "solver/tablebase/tablebase.h"

#include <algorithm>

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
  const LosingTable* t = table(m, stop);
  if (!t) return std::nullopt;
  probes_.fetch_add(1, std::memory_order_relaxed);
  // The layer: the moves the side to move has made in its turn.
  return t->value(t->index_of(Placement::of(pos), pos.turn_length() - pos.moves_left()));
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

const LosingTable* Tablebase::table(const Material& m, const LosingTable::Stop& stop) {
  if (m.men() > options_.max_men || !LosingTable::covers(variant_, m)) return nullptr;
  Slot* found = slot_for(m);
  if (!found) return nullptr;
  Slot& slot = *found;
  if (slot.done.load(std::memory_order_acquire)) return slot.table.get();
  try {
    std::call_once(slot.made, [&] {
      const size_t size = LosingTable::index_count(variant_, m);
      if (bytes_.load() + size <= options_.megabytes << 20) {
        bytes_.fetch_add(size);  // claimed before the tables below, so that they fit beside it
        slot.table = read_or_build(m, stop);
        if (slot.table) {
          tables_.fetch_add(1);
        } else {
          bytes_.fetch_sub(size);
          // Given up: leave the flag unset (call_once does when the call throws), for a later probe.
          if (stop && stop()) throw GivenUp{};
        }
      }
      slot.done.store(true, std::memory_order_release);
    });
  } catch (const GivenUp&) {
    return nullptr;
  }
  return slot.table.get();
}

std::unique_ptr<LosingTable> Tablebase::read_or_build(const Material& m, const LosingTable::Stop& stop) {
  making_.enter();
  struct Leave {
    BusyClock& clock;
    ~Leave() { clock.leave(); }
  } leave{making_};
  const std::string path = options_.directory.empty() ? "" : table_path(options_.directory, variant_, m);
  if (!path.empty()) {
    if (std::optional<std::vector<uint8_t>> values = read_table(path, variant_, m)) {
      read_.fetch_add(1);
      return LosingTable::from_values(variant_, m, std::move(*values));
    }
  }
  std::unique_ptr<LosingTable> made =
      LosingTable::build(variant_, m, [&](const Material& next) { return table(next, stop); }, stop);
  if (made && !path.empty()) {
    if (const std::optional<std::string> error = write_table(path, variant_, m, made->values())) {
      std::lock_guard lock(error_mutex_);
      error_ = *error;
    }
  }
  return made;
}

TablebaseStats Tablebase::stats() const {
  TablebaseStats s{tables_.load(), read_.load(), bytes_.load(), probes_.load(), {}};
  std::lock_guard lock(error_mutex_);
  s.error = error_;
  return s;
}

}  // namespace dm::tablebase
