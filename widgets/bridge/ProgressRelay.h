#pragma once
// Carries progress updates from an engine worker thread to a receiver on the GUI thread, queued
// (DESIGN.md §3: a callback on a worker only posts). Safe when the receiver goes away first: it
// closes the relay in its destructor, after which posts are dropped, and Qt discards the posts
// still queued for it. Not a QObject: no moc.
#include <QObject>

#include <functional>
#include <memory>
#include <mutex>

namespace clw::ui {

class ProgressRelay {
public:
    // `receiver` lives on the thread updates run on.
    static std::shared_ptr<ProgressRelay> create(QObject* receiver);

    // Any thread: runs `update` on the receiver's thread later, unless closed before.
    void post(std::function<void()> update);
    // The receiver's thread: drops every later post. Called by the receiver's destructor.
    void close();

private:
    explicit ProgressRelay(QObject* receiver)
        : m_receiver(receiver) {}
    std::mutex m_mutex;
    QObject* m_receiver;
};

} // namespace clw::ui
