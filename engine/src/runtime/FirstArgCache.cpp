#include "clw/engine/runtime/FirstArgCache.h"

#include <algorithm>
#include <mutex>
#include <vector>

namespace clw::engine {

namespace {

struct CacheList {
    std::mutex mutex;
    std::vector<FirstArgCache*> caches;
};

// Built by the first cache's constructor, so destroyed after every cache with static storage.
CacheList& cacheList() {
    static CacheList list;
    return list;
}

} // namespace

void FirstArgCache::enroll() {
    CacheList& list = cacheList();
    const std::lock_guard lock(list.mutex);
    list.caches.push_back(this);
}

void FirstArgCache::withdraw() noexcept {
    CacheList& list = cacheList();
    const std::lock_guard lock(list.mutex);
    list.caches.erase(std::remove(list.caches.begin(), list.caches.end(), this), list.caches.end());
}

void clearFirstArgCaches() {
    CacheList& list = cacheList();
    const std::lock_guard lock(list.mutex);
    for (FirstArgCache* cache : list.caches)
        cache->clear();
}

} // namespace clw::engine
