#pragma once
// A move-only void() callable (std::move_only_function is C++23): jobs may own move-only values.
#include <memory>
#include <type_traits>
#include <utility>

namespace clw::ui {

class Task {
public:
    Task() = default;
    template <class F, class = std::enable_if_t<!std::is_same_v<std::decay_t<F>, Task>>>
    explicit Task(F function)
        : m_impl(std::make_unique<Impl<F>>(std::move(function))) {}

    explicit operator bool() const { return bool(m_impl); }
    void operator()() { m_impl->run(); }

private:
    struct Base {
        virtual ~Base() = default;
        virtual void run() = 0;
    };
    template <class F>
    struct Impl final : Base {
        explicit Impl(F f)
            : function(std::move(f)) {}
        void run() override { function(); }
        F function;
    };
    std::unique_ptr<Base> m_impl;
};

} // namespace clw::ui
