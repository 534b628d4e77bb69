#pragma once
// The endgame tables of a losing variant (losing_table.h), made when a search first asks for a
// material: the search's answer for positions of few men, where a proof-number search loses its
// way among the king walks of the endings (a lone rook that must give itself away can take a
// hundred plies).
//
// A probe answers for positions of at most `max_men` men, each side with one at least, and no
// e.p. right, whose material the variant's tables cover (LosingTable::covers); in a variant
// of two moves a turn, at the layer of the moves made in the turn under way (a FEN's w1/b1 is
// layer 1). Every other probe answers nothing, and the search goes on without it. A table is
// made once, by the first thread that asks for it (with the tables it rests on, and the
// machine's threads); the others wait for it. Its values never depend on which thread made it.
// With a directory, a table is read from it where it was kept by an earlier run, and kept there
// once made. The wall time spent making and reading tables is clocked (making_seconds), so that
// a search's --time can leave it out: the tables are kept, and the next run does not pay for
// them.
//
// Memory: all tables together stay within `bytes`. The tables met first are kept for the
// whole run (resident): those of `max_men` men up to half of it, those of fewer men (each a
// 64th of a largest one, or less) within all of it. The rest is a cache: a table of `max_men`
// men met once the resident ones fill their half is read (or made) into it, packed in blocks
// (packed_values.h: a third of its size or less, read from its file without unpacking), and
// the table used longest ago makes room, to be read again if asked for again. A table being
// made holds the tables it rests on whole (a packed one is read again whole for it). A proof
// written through the tables' endings reaches hundreds of materials (every promotion of the
// loser's, every order of captures), which no budget holds at once; refusing the tables past
// the budget left that proof to a search without them that never ended. A table larger than
// the whole budget as it must be held (packed to be probed, whole to be made or built on), or
// one that finds the cache's room taken by tables being held, answers nothing.
//
// Implementation notes: the search probes from every worker, so a resident table is found
// without a lock: slots sit in a fixed open-addressed array indexed by the material's code,
// each published with release and read with acquire; a lock guards adding a slot. A probe of a
// cached table takes the cache's lock (such probes are a proof's writing, or a search that
// meets more materials than the budget holds). A table that a table being made rests on is
// held by it (shared ownership), and is never evicted while held.

#include <array>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "rules/position.h"
#include "solver/tablebase/losing_table.h"

namespace dm::tablebase {

struct TablebaseOptions {
  int max_men = 3;          // the most men of a position the tables answer for (2 to kMaxMen)
  size_t bytes = size_t(1024) << 20;  // the most memory all tables together may take
  std::string directory;    // where tables are kept between runs (table_file.h); empty: nowhere
};

// Why `max_men` is no valid --tablebase-men (0: none, or 2 to kMaxMen); nullopt when it is.
std::optional<std::string> max_men_error(int max_men);

struct TablebaseStats {
  size_t tables = 0;    // made or read (a cached table read again counts again)
  size_t read = 0;      // of those, read from the directory
  size_t bytes = 0;     // of the tables in memory and being made
  size_t evicted = 0;   // cached tables dropped to make room
  uint64_t probes = 0;  // answered
  std::string error;    // the last table that could not be kept in the directory, or was damaged, and why
};

class Tablebase {
 public:
  Tablebase(const Variant& variant, const TablebaseOptions& options);
  Tablebase(const Tablebase&) = delete;
  Tablebase& operator=(const Tablebase&) = delete;

  // Whether the variant has tables (LosingTable::applies_to).
  static bool applies_to(const Variant& variant) { return LosingTable::applies_to(variant); }

  const TablebaseOptions& options() const { return options_; }
  // The value of pos for its side to move, or nullopt (see above). A table being made for the
  // probe is given up when `stop` says so (it is made again by a later probe).
  std::optional<TableValue> probe(const Position& pos, const LosingTable::Stop& stop = {});
  // The table of material m, read or made if need be; nullptr when it does not fit the budget,
  // the game is too long for it, or it was given up. A cached table stays in memory while the
  // caller holds it.
  std::shared_ptr<const LosingTable> table(const Material& m, const LosingTable::Stop& stop = {});

  TablebaseStats stats() const;
  // Wall seconds during which some table was being made or read, since the tables were set
  // up; it only grows, also while a table is being made.
  double making_seconds() const { return making_.seconds(); }

 private:
  // Wall time during which at least one thread is inside enter()/leave(). Read without a lock
  // on every look at a search's clock; a read that races a leave() may count a moment twice,
  // never less (leave() publishes the total before it clears `since`).
  class BusyClock {
   public:
    void enter();
    void leave();
    double seconds() const;

   private:
    std::mutex mutex_;  // guards active_ and the writes
    int active_ = 0;
    std::atomic<int64_t> total_ns_{0};
    std::atomic<int64_t> since_ns_{0};  // when the busy stretch began; 0: not busy
  };

  // Where a material's table lives, decided once by the first probe (Open until then).
  enum class Home : uint8_t { Open, Resident, Cached, None };
  struct Slot {
    explicit Slot(const Material& m) : material(m), code(m.code()) {}
    Material material;
    uint64_t code;
    std::once_flag decided;
    std::atomic<Home> home{Home::Open};
    std::shared_ptr<const LosingTable> resident;  // set before home turns Resident, then kept
    // The cache's part, guarded by cache_mutex_.
    std::shared_ptr<LosingTable> cached;
    uint64_t last_use = 0;
    bool loading = false;
  };
  static constexpr size_t kSlots = 4096;  // far more than the materials of a search
  struct GivenUp {};  // thrown out of call_once by a build given up

  Slot* find(uint64_t code) const;
  // m's slot with its home decided (the table read or made where it is resident); nullptr when
  // the index is full, or a resident table was given up (then decided by a later call).
  Slot* decided_slot(const Material& m, const LosingTable::Stop& stop);
  // A cached table, from the cache or read into it (making room); nullptr as for table(). A
  // probe takes it as it is held, else packed; a table being made takes it whole.
  std::shared_ptr<const LosingTable> cached_table(Slot& slot, const LosingTable::Stop& stop, bool whole);
  // Takes a slot's table out of the cache and its bytes out of the budget. cache_mutex_ is held.
  void drop(Slot& slot);
  // A cached table whose values turned out damaged: dropped, and answers nothing from now on.
  void give_up(Slot& slot, const std::string& why);
  // The budget to make room for before m's table is read (or made) whole or packed: an upper
  // bound on what it will hold.
  size_t load_bytes(const Material& m, bool whole) const;
  // Publishes a cached table read or made (or the failure to), and wakes those waiting for it.
  // cache_mutex_ is held.
  void finish_loading(Slot& slot, const std::shared_ptr<LosingTable>& loaded, size_t size, bool lasting);
  // Drops the cached tables used longest ago that nobody holds until `bytes` more fit the
  // budget; false when they cannot. cache_mutex_ is held.
  bool make_room(size_t bytes);
  // Takes `bytes` of the budget where the tables in memory leave them below `limit`.
  bool claim(size_t bytes, size_t limit);
  // m's table from the directory, else made (and kept there), whole or packed; nullptr as for
  // table(), with `lasting` set when that will not change (the game is too long for the byte).
  std::unique_ptr<LosingTable> read_or_build(const Material& m, const LosingTable::Stop& stop, bool& lasting,
                                             bool packed = false);
  // Writes m's table to path (in the current version); a failure is kept for stats().
  void keep(const std::string& path, const Material& m, const PackedValues& values);
  // The slot of m, added if need be; nullptr when the index is full.
  Slot* slot_for(const Material& m);

  Variant variant_;
  TablebaseOptions options_;
  std::array<std::atomic<Slot*>, kSlots> index_{};
  std::mutex mutex_;         // guards adding slots
  std::deque<Slot> slots_;   // stable addresses
  std::atomic<size_t> tables_{0};
  std::atomic<size_t> read_{0};
  mutable std::mutex error_mutex_;
  std::string error_;
  std::atomic<size_t> bytes_{0};
  std::atomic<size_t> evicted_{0};
  std::atomic<uint64_t> probes_{0};
  std::mutex cache_mutex_;  // guards the slots' cache part
  std::condition_variable cache_loaded_;
  uint64_t use_clock_ = 0;           // guarded by cache_mutex_
  std::vector<Slot*> cached_slots_;  // those holding a cached table; guarded by cache_mutex_
  BusyClock making_;
};

}  // namespace dm::tablebase
