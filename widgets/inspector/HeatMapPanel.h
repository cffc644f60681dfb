#pragma once
// The 2D view's panel: which column (or RGB(A) from three or four columns, for images), the
// colormap, the value range (automatic from the data or typed), the slice of a 3D shape, "fit",
// and the exact value of the element under the cursor, read from the buffer on a worker.
#include "bridge/BufferSource.h"
#include "bridge/EngineBridge.h"

#include "clw/engine/inspect/BufferShape.h"
#include "clw/engine/inspect/ElementLayout.h"

#include <QWidget>

#include <memory>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace clw::ui {

class HeatMapView;

class HeatMapPanel : public QWidget {
    Q_OBJECT
public:
    explicit HeatMapPanel(EngineBridge& bridge, QWidget* parent = nullptr);
    ~HeatMapPanel() override;

    // What to draw; loads at once when the panel is visible, else when it is shown.
    void setSource(std::shared_ptr<BufferSource> source, const engine::ElementLayout& layout,
                   const engine::BufferShape& shape);
    // Reads the slice again (the contents changed).
    void reload();
    HeatMapView* view() const { return m_view; }
    QString pickText() const;
    bool isLoading() const { return m_loading; }

Q_SIGNALS:
    void loaded();
    void errorOccurred(const QString& message);

protected:
    void showEvent(QShowEvent* event) override;

private:
    void fillChannels();
    void applyRange();
    void pick(quint64 x, quint64 y);
    std::vector<int> chosenColumns() const;

    EngineBridge& m_bridge;
    std::shared_ptr<BufferSource> m_source;
    engine::ElementLayout m_layout;
    engine::BufferShape m_shape;
    HeatMapView* m_view = nullptr;
    QComboBox* m_channel = nullptr;
    QComboBox* m_colormap = nullptr;
    QCheckBox* m_autoRange = nullptr;
    QLineEdit* m_low = nullptr;
    QLineEdit* m_high = nullptr;
    QSpinBox* m_slice = nullptr;
    QLabel* m_pick = nullptr;
    QLabel* m_status = nullptr;
    quint64 m_generation = 0;
    bool m_stale = true;
    bool m_loading = false;
};

} // namespace clw::ui
