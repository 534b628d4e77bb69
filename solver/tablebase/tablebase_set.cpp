#include "solver/tablebase/tablebase_set.h"

namespace dm::tablebase {

Tablebase* TablebaseSet::for_variant(const Variant& variant) {
  if (options_.max_men < 2 || !Tablebase::applies_to(variant)) return nullptr;
  const std::string name = std::string(variant.name) + " " + variant.describe_options();
  std::lock_guard lock(mutex_);
  std::unique_ptr<Tablebase>& tables = tables_[name];
  if (!tables) tables = std::make_unique<Tablebase>(variant, options_);
  return tables.get();
}

std::string TablebaseSet::keep_error() {
  std::lock_guard lock(mutex_);
  std::string error;
  for (const auto& [name, tables] : tables_) {
    if (const std::string e = tables->stats().error; !e.empty()) error = e;
  }
  return error;
}

}  // namespace dm::tablebase
