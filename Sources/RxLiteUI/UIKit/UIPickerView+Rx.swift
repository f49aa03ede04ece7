#if canImport(UIKit)
    import Foundation
    import RxLite
    import UIKit

    extension Reactive where Base: UIPickerView {
        /// The picker's delegate proxy (see ``RxPickerViewDelegateProxy``), installed on first use.
        @preconcurrency @MainActor
        public var delegate: DelegateProxy<UIPickerView, UIPickerViewDelegate> {
            RxPickerViewDelegateProxy.proxy(for: base)
        }

        /// Makes `delegate` the picker's delegate behind the proxy, until the result is disposed; it is not retained.
        /// An `items` binding's adapter goes in front of it: `delegate` answers what that one does not implement.
        @preconcurrency @MainActor
        public func setDelegate(_ delegate: UIPickerViewDelegate) -> any Disposable {
            RxPickerViewDelegateProxy.installForwardDelegate(delegate, retainDelegate: false, onProxyForObject: base)
        }

        /// The picker's data-source proxy (see ``RxPickerViewDataSourceProxy``), installed on first use.
        @preconcurrency @MainActor
        public var dataSource: DelegateProxy<UIPickerView, UIPickerViewDataSource> {
            RxPickerViewDataSourceProxy.proxy(for: base)
        }

        /// Each row the user selects, with its component (`pickerView(_:didSelectRow:inComponent:)`), through the
        /// picker's delegate proxy: the app's own delegate still receives every call. Completes when the picker goes
        /// away.
        @preconcurrency @MainActor
        public var itemSelected: ControlEvent<(row: Int, component: Int)> {
            let proxy = RxPickerViewDelegateProxy.proxy(for: base)
            return ControlEvent(events: proxy.events(proxy.didSelectCalls))
        }

        /// On each selection, the model of the selected row of every component, read from the bound adapter (see
        /// `model(at:)`); fails with the error `model(at:)` throws.
        ///
        /// ```swift
        /// pickerView.rx.modelSelected(Genre.self)
        ///     .compactMap(\.first)
        ///     .bind(to: viewModel.genre)
        ///     .disposed(by: disposeBag)
        /// ```
        @preconcurrency @MainActor
        public func modelSelected<T>(_ modelType: T.Type) -> ControlEvent<[T]> {
            let selections = itemSelected.asObservable()
            return ControlEvent(
                events: RxLiteUI.models(at: selections) { [weak pickerView = base as UIPickerView] _ -> [T]? in
                    guard let pickerView else { return nil }
                    return try (0..<pickerView.numberOfComponents).map { component in
                        let row = pickerView.selectedRow(inComponent: component)
                        return try pickerView.rx.model(at: IndexPath(row: row, section: component))
                    }
                })
        }

        /// Binds a sequence of arrays (any sequences) to the picker's rows, one component, each row titled by
        /// `titleForRow(row, element)`. Every element reloads the picker.
        ///
        /// ```swift
        /// Observable.just(["First", "Second"])
        ///     .bind(to: pickerView.rx.itemTitles) { _, title in title }
        ///     .disposed(by: disposeBag)
        /// ```
        @preconcurrency @MainActor
        public func itemTitles<Sequence: Swift.Sequence, Source: ObservableType>(_ source: Source)
            -> (_ titleForRow: @escaping (Int, Sequence.Element) -> String?) -> any Disposable
        where Source.Element == Sequence {
            { titleForRow in
                items(adapter: RxStringPickerViewAdapter<Sequence>(titleForRow: titleForRow))(source)
            }
        }

        /// Binds a sequence of arrays (any sequences) to the picker's rows, one component, each row titled by
        /// `attributedTitleForRow(row, element)`. Every element reloads the picker.
        @preconcurrency @MainActor
        public func itemAttributedTitles<Sequence: Swift.Sequence, Source: ObservableType>(_ source: Source)
            -> (_ attributedTitleForRow: @escaping (Int, Sequence.Element) -> NSAttributedString?) -> any Disposable
        where Source.Element == Sequence {
            { attributedTitleForRow in
                let adapter = RxAttributedStringPickerViewAdapter<Sequence>(
                    attributedTitleForRow: attributedTitleForRow)
                return items(adapter: adapter)(source)
            }
        }

        /// Binds a sequence of arrays (any sequences) to the picker's rows, one component, each row shown by the view
        /// `viewForRow(row, element, reusableView)` returns (`reusableView` is the one UIKit offers for reuse, if
        /// any). Every element reloads the picker.
        @preconcurrency @MainActor
        public func items<Sequence: Swift.Sequence, Source: ObservableType>(_ source: Source)
            -> (_ viewForRow: @escaping (Int, Sequence.Element, UIView?) -> UIView) -> any Disposable
        where Source.Element == Sequence {
            { viewForRow in
                items(adapter: RxPickerViewAdapter<Sequence>(viewForRow: viewForRow))(source)
            }
        }

        /// Binds a sequence to the picker through `adapter`, its data source and delegate, which receives each
        /// element on the main actor (``RxPickerViewDataSourceType/pickerView(_:observedEvent:)``).
        ///
        /// The binding keeps `adapter` alive until it is disposed, and then releases it and reloads the picker; when
        /// the sequence completes, the picker goes on showing its last element. The app's own delegate and data
        /// source stay behind the adapter and answer every call it does not implement.
        @preconcurrency @MainActor
        public func items<
            Source: ObservableType,
            Adapter: RxPickerViewDataSourceType & UIPickerViewDataSource & UIPickerViewDelegate
        >(adapter: Adapter) -> (_ source: Source) -> any Disposable where Source.Element == Adapter.Element {
            { source in
                let delegateProxy = RxPickerViewDelegateProxy.proxy(for: base)
                let delegation = delegateProxy.install(adapter, in: delegateProxy.boundAdapter)
                let dataSourceProxy = RxPickerViewDataSourceProxy.proxy(for: base)
                let binding = dataSourceProxy.bind(
                    source.asObservable(), through: adapter, in: dataSourceProxy.boundDataSource,
                    observe: { [weak pickerView = base as UIPickerView] event in
                        if let pickerView { adapter.pickerView(pickerView, observedEvent: event) }
                    },
                    unbound: { [weak pickerView = base as UIPickerView] in pickerView?.reloadAllComponents() })
                return Disposables.create(delegation, binding)
            }
        }

        /// The model the picker's data source shows at `indexPath` (the row in `indexPath.row`, the component in
        /// `indexPath.section`): the adapter of the `items` binding in force (or the picker's own data source), which
        /// must adopt ``SectionedViewDataSourceType``, as every `rx.items` binding's does. Throws
        /// ``RxCocoaError/itemsNotYetBound(object:)`` when no such data source or row is bound, and
        /// ``RxCocoaError/castingError(object:targetType:)`` when the model is not a `T`.
        @preconcurrency @MainActor
        public func model<T>(at indexPath: IndexPath) throws -> T {
            var dataSource = base.dataSource
            if let proxy = dataSource as? RxPickerViewDataSourceProxy { dataSource = proxy.forwardToDelegate() }
            return try sectionedModel(at: indexPath, of: dataSource, in: base)
        }
    }
#endif
