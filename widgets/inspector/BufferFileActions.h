#pragma once
// The inspector's actions that change or save a whole buffer: fill, import (.npy, CSV, raw),
// export, and "open a .npy file as a new buffer" on the default device. Each runs as one bridge
// job; the result comes back as a status line or an error (nothing is written when an import's file
// does not fit: BufferFile checks it whole first).
#include "bridge/BufferSource.h"
#include "bridge/EngineBridge.h"

#include "clw/engine/inspect/ElementFill.h"
#include "clw/engine/inspect/ElementFormat.h"

#include <QObject>
#include <QPointer>

#include <memory>
#include <optional>
#include <utility>

class QWidget;

namespace clw::ui {

class BufferFileActions : public QObject {
    Q_OBJECT
public:
    struct Target {
        QString name;
        std::shared_ptr<BufferSource> source;
        engine::ElementLayout layout;
        engine::BufferShape shape;
    };

    BufferFileActions(EngineBridge& bridge, QWidget* dialogParent);
    ~BufferFileActions() override;

    void fill(const Target& target, const engine::FillSpec& spec, quint64 first, quint64 count);
    void importFile(const Target& target, const QString& path);
    void exportFile(const Target& target, const QString& path);
    // Reads a .npy file into a new buffer on the default device (bufferOpened).
    void openFile(const QString& path);

    // The same behind dialogs.
    void askFill(const Target& target, std::optional<std::pair<quint64, quint64>> selection);
    void askImport(const Target& target);
    void askExport(const Target& target);
    void askOpen();
    bool isBusy() const { return m_busy > 0; }

Q_SIGNALS:
    void finished(const QString& status);
    void failed(const QString& message);
    // A fill or an import wrote to the buffer.
    void contentsChanged(std::shared_ptr<BufferSource> source);
    void bufferOpened(const QString& name, std::shared_ptr<BufferSource> source,
                      const engine::ElementFormat& format);

private:
    template <class Job>
    void runJob(const QString& what, Job job, std::shared_ptr<BufferSource> changed);

    EngineBridge& m_bridge;
    QPointer<QWidget> m_dialogParent;
    engine::FillSpec m_lastFill;
    int m_busy = 0;
};

} // namespace clw::ui
