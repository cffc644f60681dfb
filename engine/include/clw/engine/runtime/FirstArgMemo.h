#pragma once
// The seeds' first_arg_dependent_memoize: a function whose result depends on an OpenCL object
// (a Context, Device or CommandQueue: its first argument) and on plain arguments after it,
// computed once per distinct arguments and remembered. clearFirstArgCaches() empties every such
// memo.
//
//     static FirstArgMemo<Program(const Context&, std::string)> scanKernel(
//         [](const Context& context, const std::string& type) { return buildScan(context, type);
//         });
//     Program program = scanKernel(context, "float");
#include "clw/engine/runtime/FirstArgCache.h"
#include "clw/engine/runtime/HandleHash.h"

#include <cstddef>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <tuple>
#include <type_traits>
#include <unordered_map>
#include <utility>

namespace clw::engine {

template <class Signature>
class FirstArgMemo;

// The first argument is keyed by its handle, the others by value (each needs std::hash and ==).
// The memo holds a copy of the first argument beside each result: that keeps the object alive,
// so no later object can reuse its handle and be answered a stale result, and it is why a
// context stays alive until clearFirstArgCaches() or the memo's clear().
//
// Thread-safe. The function runs outside the memo's lock: concurrent calls with other arguments
// run at once, calls with the same arguments wait for the one computing. When the function
// throws, nothing is remembered and the exception reaches the caller.
template <class Result, class First, class... Rest>
class FirstArgMemo<Result(First, Rest...)> final : public FirstArgCache {
public:
    using FirstArg = std::remove_cvref_t<First>;
    using Function = std::function<Result(const FirstArg&, const std::remove_cvref_t<Rest>&...)>;
    static_assert(HashedByHandle<FirstArg>,
                  "the first argument must be an engine object wrapping an OpenCL handle");
    static_assert(!std::is_void_v<Result> && !std::is_reference_v<Result>,
                  "a memo remembers a value");

    explicit FirstArgMemo(Function function)
        : m_function(std::move(function)) {
        enroll();
    }
    ~FirstArgMemo() { withdraw(); }

    Result operator()(const FirstArg& first, const std::remove_cvref_t<Rest>&... rest) {
        Key key(static_cast<const void*>(first.get()), rest...);
        std::shared_ptr<Slot> slot;
        {
            const std::lock_guard lock(m_mutex);
            std::shared_ptr<Slot>& entry = m_slots[key];
            if (!entry)
                entry = std::make_shared<Slot>(first);
            slot = entry;
        }
        try {
            const std::lock_guard lock(slot->mutex);
            if (!slot->result)
                slot->result.emplace(m_function(first, rest...));
            return *slot->result;
        } catch (...) {
            // Not remembered: the next call tries again. The slot goes, so it holds no object.
            forget(key, slot);
            throw;
        }
    }

    void clear() override {
        std::unordered_map<Key, std::shared_ptr<Slot>, KeyHash> dropped;
        {
            const std::lock_guard lock(m_mutex);
            dropped.swap(m_slots);
        }
        // The held objects are released here, outside the lock.
    }

    // How many distinct arguments have a remembered (or running) result.
    std::size_t size() const {
        const std::lock_guard lock(m_mutex);
        return m_slots.size();
    }

private:
    using Key = std::tuple<const void*, std::remove_cvref_t<Rest>...>;
    struct KeyHash {
        std::size_t operator()(const Key& key) const {
            return std::apply(
                [](const auto&... parts) {
                    std::size_t seed = 0;
                    // boost::hash_combine's mixing.
                    ((seed ^= std::hash<std::remove_cvref_t<decltype(parts)>>{}(parts) +
                              0x9e3779b97f4a7c15ull + (seed << 6) + (seed >> 2)),
                     ...);
                    return seed;
                },
                key);
        }
    };
    struct Slot {
        explicit Slot(const FirstArg& object)
            : first(object) {}
        std::mutex mutex;
        std::optional<Result> result;
        FirstArg first;
    };

    void forget(const Key& key, const std::shared_ptr<Slot>& slot) {
        const std::lock_guard lock(m_mutex);
        if (auto it = m_slots.find(key); it != m_slots.end() && it->second == slot)
            m_slots.erase(it);
    }

    mutable std::mutex m_mutex;
    std::unordered_map<Key, std::shared_ptr<Slot>, KeyHash> m_slots;
    Function m_function;
};

template <class Result, class... Args>
FirstArgMemo(Result (*)(Args...)) -> FirstArgMemo<Result(Args...)>;

} // namespace clw::engine
